import { CreateBookingBody } from '@portal/contract';
import { zodValidate } from '@/lib/form';

// The contract's own rules for the guest's details and the notes: with zod, so they load apart from the checkout's
// first paint (checkout-form.ts loads them)
export const validateGuestFields = zodValidate(CreateBookingBody.pick({ guest: true, notes: true }));
