import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
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
import { useListQuery } from '@/lib/use-list-query';
import { useChoicesQuery } from '../../hooks/use-choices-query';
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

// A change the operator makes: once it is saved, the catalogue's queries it touched and the audit log are read again
function useCatalogueChange<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  touched: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of touched) void queryClient.invalidateQueries({ queryKey });
      refreshAuditLog(queryClient);
    },
  });
}

export function useCatalogueReference() {
  return useChoicesQuery(catalogueKeys.reference(), routes.reference);
}

export function useAdminTours(query: AdminToursQuery) {
  return useListQuery(catalogueKeys.tours(query), routes.listTours, { query });
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
  return useCatalogueChange(
    (photoId: number) => callRoute(routes.deletePhoto, { params: { id: String(photoId) } }),
    [catalogueKeys.tour(tourId)],
  );
}

export function useSaveOffer(tourId: number, offerId: number | null) {
  return useCatalogueChange(
    (body: AdminOfferBody) =>
      offerId === null
        ? callRoute(routes.createOffer, { params: { id: String(tourId) }, body })
        : callRoute(routes.updateOffer, { params: { id: String(offerId) }, body }),
    [catalogueKeys.tour(tourId), [...root, 'tours']],
  );
}

export function useSavePrices(tourId: number, offerId: number) {
  return useCatalogueChange(
    (body: AdminPricesBody) => callRoute(routes.updatePrices, { params: { id: String(offerId) }, body }),
    [catalogueKeys.tour(tourId)],
  );
}

export function useOfferSlots(offerId: number, from: string, to: string) {
  return useListQuery(catalogueKeys.slots(offerId, from, to), routes.slots, {
    params: { id: String(offerId) },
    query: { from, to },
  });
}

export function useGenerateSlots(offerId: number) {
  return useCatalogueChange(
    (body: GenerateSlotsBody) => callRoute(routes.generateSlots, { params: { id: String(offerId) }, body }),
    [catalogueKeys.slotsOf(offerId)],
  );
}

export function useUpdateSlots(offerId: number) {
  return useCatalogueChange(
    (body: UpdateSlotsBody) => callRoute(routes.updateSlots, { params: { id: String(offerId) }, body }),
    [catalogueKeys.slotsOf(offerId)],
  );
}

export function usePromoCodes() {
  return useQuery({
    queryKey: catalogueKeys.promoCodes(),
    queryFn: ({ signal }) => callRoute(routes.listPromoCodes, { signal }),
  });
}

export function useSavePromoCode(code: string | null) {
  return useCatalogueChange(
    (body: CreatePromoCodeBody) =>
      code === null
        ? callRoute(routes.createPromoCode, { body })
        : callRoute(routes.updatePromoCode, {
            params: { code },
            body: { percent: body.percent, validFrom: body.validFrom, validTo: body.validTo, isActive: body.isActive },
          }),
    [catalogueKeys.promoCodes()],
  );
}

export type { UpdatePromoCodeBody };
