import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCatalogueRoutes as routes } from '@portal/contract';
import type {
  AdminOfferBody,
  AdminPricesBody,
  AdminToursQuery,
  AdminTourBody,
  CreatePromoCodeBody,
  GenerateSlotsBody,
  UpdatePromoCodeBody,
  UpdateSlotsBody,
} from '@portal/contract';
import { callRoute, uploadToRoute } from '@/lib/api-client';
import { refreshAuditLog } from '../../api/keys';

const root = ['back-office', 'catalogue'] as const;

// Query keys of the back office's catalogue: tours, one tour with its offers, an offer's slots, promo codes
export const catalogueKeys = {
  all: root,
  reference: () => [...root, 'reference'] as const,
  tours: (query: AdminToursQuery) => [...root, 'tours', query] as const,
  tour: (id: number) => [...root, 'tour', id] as const,
  slots: (offerId: number, from: string, to: string) => [...root, 'slots', offerId, from, to] as const,
  slotsOf: (offerId: number) => [...root, 'slots', offerId] as const,
  promoCodes: () => [...root, 'promo-codes'] as const,
};

export function useCatalogueReference() {
  return useQuery({
    queryKey: catalogueKeys.reference(),
    queryFn: ({ signal }) => callRoute(routes.reference, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAdminTours(query: AdminToursQuery) {
  return useQuery({
    queryKey: catalogueKeys.tours(query),
    queryFn: ({ signal }) => callRoute(routes.listTours, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTour(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.tour(id ?? 0),
    queryFn: ({ signal }) => callRoute(routes.tour, { params: { id: String(id) }, signal }),
    enabled: id !== null,
  });
}

// A saved tour is the tour page's data; the lists are read again
export function useSaveTour(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTourBody) =>
      id === null
        ? callRoute(routes.createTour, { body })
        : callRoute(routes.updateTour, { params: { id: String(id) }, body }),
    onSuccess: (tour) => {
      queryClient.setQueryData(catalogueKeys.tour(tour.id), tour);
      void queryClient.invalidateQueries({ queryKey: [...root, 'tours'] });
      refreshAuditLog(queryClient);
    },
  });
}

// POST /admin/tours/{id}/photos: multipart `file` (the route has no body schema; the server reads the stream)
export function useUploadPhoto(tourId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadToRoute(routes.uploadPhoto, { id: tourId }, file),
    onSuccess: (tour) => {
      queryClient.setQueryData(catalogueKeys.tour(tour.id), tour);
      refreshAuditLog(queryClient);
    },
  });
}

export function useDeletePhoto(tourId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => callRoute(routes.deletePhoto, { params: { id: String(photoId) } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tourId) });
      refreshAuditLog(queryClient);
    },
  });
}

export function useSaveOffer(tourId: number, offerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminOfferBody) =>
      offerId === null
        ? callRoute(routes.createOffer, { params: { id: String(tourId) }, body })
        : callRoute(routes.updateOffer, { params: { id: String(offerId) }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tourId) });
      void queryClient.invalidateQueries({ queryKey: [...root, 'tours'] });
      refreshAuditLog(queryClient);
    },
  });
}

export function useSavePrices(tourId: number, offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPricesBody) => callRoute(routes.updatePrices, { params: { id: String(offerId) }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tourId) });
      refreshAuditLog(queryClient);
    },
  });
}

export function useOfferSlots(offerId: number, from: string, to: string) {
  return useQuery({
    queryKey: catalogueKeys.slots(offerId, from, to),
    queryFn: ({ signal }) => callRoute(routes.slots, { params: { id: String(offerId) }, query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGenerateSlots(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateSlotsBody) => callRoute(routes.generateSlots, { params: { id: String(offerId) }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.slotsOf(offerId) });
      refreshAuditLog(queryClient);
    },
  });
}

export function useUpdateSlots(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSlotsBody) => callRoute(routes.updateSlots, { params: { id: String(offerId) }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.slotsOf(offerId) });
      refreshAuditLog(queryClient);
    },
  });
}

export function usePromoCodes() {
  return useQuery({
    queryKey: catalogueKeys.promoCodes(),
    queryFn: ({ signal }) => callRoute(routes.listPromoCodes, { signal }),
  });
}

export function useSavePromoCode(code: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoCodeBody) =>
      code === null
        ? callRoute(routes.createPromoCode, { body })
        : callRoute(routes.updatePromoCode, {
            params: { code },
            body: { percent: body.percent, validFrom: body.validFrom, validTo: body.validTo, isActive: body.isActive },
          }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.promoCodes() });
      refreshAuditLog(queryClient);
    },
  });
}

export type { UpdatePromoCodeBody };
