import { randomUUID } from 'node:crypto';
import type {
  AdminCatalogueReference,
  AdminTour,
  AdminTourBody,
  AdminTourRow,
  AdminToursQuery,
  AuditAction,
  AuditChange,
} from '@portal/contract';
import { CATALOGUE_ADMIN_MESSAGES as M } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import type { CheckedUpload } from '../../lib/upload.ts';
import { changesBetween } from '../audit/index.ts';
import { recordCatalogueAudit, sortedJson, type AuditValue } from './admin-catalogue-audit.ts';
import { loadTour } from './admin-catalogue-rows.ts';
import { tourView } from './admin-catalogue.views.ts';
import * as repo from './admin-catalogue.repo.ts';

// The back office's tours (issue 12): the lists its forms choose from, tours with their texts in both languages,
// and their photos.

export async function reference(ctx: ServiceContext, videos: string[]): Promise<AdminCatalogueReference> {
  const rows = await repo.referenceRows(ctx.db);
  return { cities: rows.cityRows, categories: rows.categoryRows, ticketTypes: rows.ticketRows, videos };
}

export async function listTours(ctx: ServiceContext, query: AdminToursQuery): Promise<AdminTourRow[]> {
  const language = query.language ?? 'en';
  const active = query.active === 'active' ? true : query.active === 'inactive' ? false : undefined;
  const rows = await repo.listTours(ctx.db, { q: query.q, active });
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    title: r.title[language],
    city: r.cityName[language],
    offers: r.offers,
    isActive: r.isActive,
  }));
}

export async function getTour(ctx: ServiceContext, id: number): Promise<AdminTour> {
  return tourView(ctx.db, await loadTour(ctx.db, id));
}

function auditTour(
  tx: DbOrTx,
  ctx: ServiceContext,
  tour: { id: number; title: { en: string } },
  action: AuditAction,
  changes: AuditChange[],
) {
  return recordCatalogueAudit(
    tx,
    ctx,
    { entity: 'tour', entityId: String(tour.id), subject: tour.title.en, action },
    changes,
  );
}

async function checkTourReferences(db: DbOrTx, body: AdminTourBody, videos: string[]) {
  if (!(await repo.cityExists(db, body.cityId))) throw AppError.field('cityId', M.unknownCity);
  const unique = [...new Set(body.categoryIds)];
  if (unique.length !== body.categoryIds.length || (await repo.countCategories(db, unique)) !== unique.length)
    throw AppError.field('categoryIds', M.unknownCategory);
  if (body.videoKey !== null && !videos.includes(body.videoKey)) throw AppError.field('videoKey', M.unknownVideo);
}

function tourValues(body: AdminTourBody): repo.TourValues {
  return {
    url: body.url,
    cityId: body.cityId,
    title: body.title,
    summary: body.summary,
    description: body.description,
    highlights: body.inclusions,
    itinerary: body.itinerary,
    terms: body.terms,
    notesToAgents: body.notesToAgents,
    faq: body.faq,
    meetingPoint: body.meetingPoint,
    durationMinutes: body.durationMinutes,
    durationText: body.durationText,
    videoKey: body.videoKey,
    isActive: body.isActive,
  };
}

// The audited fields of a tour, flat (texts per language; lists as JSON)
function tourFields(values: repo.TourValues, categoryIds: number[]): Record<string, AuditValue> {
  const fields: Record<string, AuditValue> = {
    url: values.url,
    cityId: values.cityId,
    categoryIds: categoryIds.join(','),
    durationMinutes: values.durationMinutes,
    videoKey: values.videoKey ?? null,
    isActive: values.isActive ?? true,
  };
  const texts = {
    title: values.title,
    summary: values.summary,
    description: values.description,
    inclusions: values.highlights,
    itinerary: values.itinerary,
    terms: values.terms,
    notesToAgents: values.notesToAgents,
    faq: values.faq,
    meetingPoint: values.meetingPoint,
    durationText: values.durationText,
  };
  for (const [name, text] of Object.entries(texts))
    for (const language of ['en', 'ru'] as const) {
      const value = text[language];
      fields[`${name}.${language}`] = typeof value === 'string' ? value : sortedJson(value);
    }
  return fields;
}

export async function createTour(ctx: ServiceContext, body: AdminTourBody, videos: string[]): Promise<AdminTour> {
  await checkTourReferences(ctx.db, body, videos);
  const values = tourValues(body);
  const id = await withTransaction(ctx.db, async (tx) => {
    const id = await repo.insertTour(tx, values);
    if (id === null) throw AppError.field('url', M.urlTaken);
    await repo.setTourCategories(tx, id, body.categoryIds);
    const changes = changesBetween({}, tourFields(values, body.categoryIds));
    await auditTour(tx, ctx, { id, title: body.title }, 'tour.created', changes);
    return id;
  });
  return getTour(ctx, id);
}

export async function updateTour(
  ctx: ServiceContext,
  id: number,
  body: AdminTourBody,
  videos: string[],
): Promise<AdminTour> {
  await checkTourReferences(ctx.db, body, videos);
  const values = tourValues(body);
  await withTransaction(ctx.db, async (tx) => {
    const tour = await loadTour(tx, id, true);
    const other = await repo.tourIdByUrl(tx, body.url);
    if (other !== null && other !== id) throw AppError.field('url', M.urlTaken);
    const { categoryIds } = await repo.tourParts(tx, id);
    const changes = changesBetween(tourFields(tour, categoryIds), tourFields(values, body.categoryIds));
    if (changes.length === 0) return;
    await repo.updateTour(tx, id, values);
    if (categoryIds.join(',') !== body.categoryIds.join(',')) await repo.setTourCategories(tx, id, body.categoryIds);
    await auditTour(tx, ctx, { id, title: body.title }, 'tour.updated', changes);
  });
  return getTour(ctx, id);
}

// A JPEG or PNG, stored through the file storage (local disk or the bucket) and served resized by /api/images like
// the other catalogue images. The file is written before the transaction: a failure after it leaves an unused file,
// never a photo without its file.
export async function addPhoto(ctx: ServiceContext, tourId: number, upload: CheckedUpload): Promise<AdminTour> {
  if (upload.type.format !== 'JPG' && upload.type.format !== 'PNG') throw AppError.field('file', M.photoFormat);
  await loadTour(ctx.db, tourId);
  const { default: sharp } = await import('sharp');
  let size: { width: number; height: number };
  try {
    const meta = await sharp(upload.data).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // EXIF orientations 5–8 turn the picture a quarter
    const turned = (meta.orientation ?? 1) >= 5;
    size = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw AppError.field('file', M.photoFormat);
  }
  const id = randomUUID();
  const key = `photo-${id}`;
  const storageKey = `catalogue/photos/${id}.${upload.type.extension}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    await withTransaction(ctx.db, async (tx) => {
      const tour = await loadTour(tx, tourId, true);
      await repo.insertPhoto(tx, { tourId, key, storageKey, ...size, alt: tour.title });
      await auditTour(tx, ctx, tour, 'tour.updated', [{ field: 'photos', from: null, to: key }]);
    });
  } catch (error) {
    await ctx.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  return getTour(ctx, tourId);
}

export async function deletePhoto(ctx: ServiceContext, photoId: number): Promise<void> {
  const removed = await withTransaction(ctx.db, async (tx) => {
    const photo = await repo.findPhoto(tx, photoId);
    if (!photo) throw AppError.notFound(M.unknownPhoto);
    const tour = await loadTour(tx, photo.tourId, true);
    const imageGone = await repo.deletePhoto(tx, photo);
    await auditTour(tx, ctx, tour, 'tour.updated', [{ field: 'photos', from: photo.imageKey, to: null }]);
    return imageGone ? photo.storageKey : null;
  });
  // the file goes after the commit (a rollback keeps it); failing to remove it leaves an unused file only
  if (removed) await ctx.storage.remove(removed).catch(() => undefined);
}
