import { CATALOGUE_ADMIN_MESSAGES as M } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './admin-catalogue.repo.ts';

// The tour or option a back-office call names, locked for the change when asked, or the call's 404

export async function loadTour(db: DbOrTx, id: number, lock = false): Promise<repo.TourRow> {
  const tour = await repo.findTour(db, id, lock);
  if (!tour) throw AppError.notFound(M.unknownTour);
  return tour;
}

export async function loadOffer(db: DbOrTx, id: number, lock = false): Promise<repo.OfferRow> {
  const offer = await repo.findOffer(db, id, lock);
  if (!offer) throw AppError.notFound(M.unknownOffer);
  return offer;
}
