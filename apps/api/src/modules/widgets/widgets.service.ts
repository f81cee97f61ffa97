import { randomBytes, randomUUID } from 'node:crypto';
import type {
  Widget,
  WidgetImage,
  WidgetInput,
  WidgetListResponse,
  WidgetOfferPricesQuery,
  WidgetOfferPricesResponse,
} from '@portal/contract';
import { MESSAGES, WIDGET_MESSAGES, isUuid, minorToMajor, widgetImageUrl } from '@portal/contract';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { databaseError } from '../../lib/database-error.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import type { CheckedUpload } from '../../lib/upload.ts';
import { checkOffers, offerPriceTable } from './widget-prices.ts';
import * as repo from './widgets.repo.ts';
import type { NewWidgetOffer, WidgetFields, WidgetOfferRow, WidgetRow } from './widgets.repo.ts';

// SPEC §6: widgets are an admin's (the route's access), and only for an approved agency the tours company allowed
// them (isWidgetsCreationAllowed, read from the database on every call, never from the token)
export async function assertWidgetsAllowed(ctx: ServiceContext, actor: AgencyActor): Promise<void> {
  const flags = await repo.agencyWidgetFlags(ctx.db, actor.agencyId);
  if (!flags || flags.isWidgetsCreationAllowed === 0) throw new AppError('forbidden', WIDGET_MESSAGES.notAllowed);
  // NET prices are shown only to an approved agency (as in the catalogue)
  if (flags.status !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
}

const major = (minor: number | null) => (minor === null ? null : minorToMajor(minor));

function widgetView(row: WidgetRow, offers: WidgetOfferRow[]): Widget {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    currency: row.currency,
    language: row.language,
    domain: row.domain,
    domainStatus: row.domainStatus,
    slug: row.slug,
    offersSectionTitle: row.offersSectionTitle,
    footerText: row.footerText,
    googleConversionActionId: row.googleConversionActionId,
    metaTitle: row.metaTitle,
    description: row.description,
    noIndex: row.noIndex,
    heroVideoUrl: row.heroVideoUrl,
    isHeroVideoDisabled: row.isHeroVideoDisabled,
    logoImageId: row.logoImageId,
    footerLogoImageId: row.footerLogoImageId,
    heroImageId: row.heroImageId,
    contacts: row.contacts,
    partners: row.partners,
    socialLinks: {
      facebook: '',
      instagram: '',
      tiktok: '',
      youtube: '',
      x: '',
      linkedin: '',
      vk: '',
      ...row.socialLinks,
    },
    discountPercent: row.discountPercent,
    offers: offers.map((o) => ({
      offerId: o.offerId,
      tourId: o.tourId,
      saleAdult: major(o.saleAdultMinor),
      saleChild: major(o.saleChildMinor),
      saleTrip: major(o.saleTripMinor),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listWidgets(ctx: ServiceContext, actor: AgencyActor): Promise<WidgetListResponse> {
  await assertWidgetsAllowed(ctx, actor);
  const rows = await repo.listWidgets(ctx.db, actor.agencyId);
  return { items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}

export async function offerPrices(
  ctx: ServiceContext,
  actor: AgencyActor,
  snapshot: CatalogueSnapshot,
  query: WidgetOfferPricesQuery,
): Promise<WidgetOfferPricesResponse> {
  await assertWidgetsAllowed(ctx, actor);
  return offerPriceTable(snapshot, query.currency ?? 'aed', query.language ?? ctx.site.defaultLanguage, dubaiDate());
}

async function loadOwn(ctx: ServiceContext, actor: AgencyActor, id: string, lock = false, db = ctx.db) {
  if (!isUuid(id)) throw AppError.notFound(WIDGET_MESSAGES.notFound);
  const found = await repo.findWidget(db, actor.agencyId, id, lock);
  if (!found) throw AppError.notFound(WIDGET_MESSAGES.notFound);
  return found;
}

export async function getWidget(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<Widget> {
  await assertWidgetsAllowed(ctx, actor);
  const { row, offers } = await loadOwn(ctx, actor, id);
  return widgetView(row, offers);
}

function slugFromName(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${base || 'shop'}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

// The stored columns of a checked input (the domain's status: SPEC §4, only stored for now — a new or changed domain
// waits for verification; an unchanged one keeps its status)
function fieldsOf(input: WidgetInput, slug: string, current: WidgetRow | null): WidgetFields {
  const domainStatus =
    input.domain === ''
      ? null
      : current && current.domain === input.domain
        ? current.domainStatus
        : 'pendingVerification';
  // a new domain has not been checked yet: the last check's outcome was another domain's (the job checks it first)
  const isNewDomain = current !== null && current.domain !== input.domain;
  return {
    ...(isNewDomain ? { domainReason: null, domainCheckedAt: null } : {}),
    slug,
    name: input.name,
    type: input.type,
    currency: input.currency,
    language: input.language,
    domain: input.domain,
    domainStatus,
    offersSectionTitle: input.offersSectionTitle,
    footerText: input.footerText,
    googleConversionActionId: input.googleConversionActionId,
    metaTitle: input.metaTitle,
    description: input.description,
    noIndex: input.noIndex,
    heroVideoUrl: input.heroVideoUrl,
    isHeroVideoDisabled: input.isHeroVideoDisabled,
    logoImageId: input.logoImageId,
    footerLogoImageId: input.footerLogoImageId,
    heroImageId: input.heroImageId,
    contacts: input.contacts,
    partners: input.partners,
    socialLinks: input.socialLinks,
    discountPercent: input.discountPercent,
  };
}

const IMAGE_FIELDS = ['logoImageId', 'footerLogoImageId', 'heroImageId'] as const;

// Everything the schema cannot know: the offers against the catalogue, the images against the agency's own
async function checkInput(
  ctx: ServiceContext,
  actor: AgencyActor,
  snapshot: CatalogueSnapshot,
  input: WidgetInput,
): Promise<NewWidgetOffer[]> {
  const { rows, errors } = checkOffers(snapshot, input, dubaiDate());
  const wanted = IMAGE_FIELDS.map((f) => input[f]).filter((v): v is string => v !== null);
  const own = await repo.ownImageIds(ctx.db, actor.agencyId, wanted.filter(isUuid));
  for (const field of IMAGE_FIELDS) {
    const value = input[field];
    if (value !== null && !own.has(value))
      errors.push({ fieldName: field, errorMessage: WIDGET_MESSAGES.unknownImage });
  }
  if (errors.length > 0) throw AppError.validation(errors);
  return rows;
}

// A unique index answers a taken slug or domain; it becomes the field's 422
function uniqueViolation(error: unknown): AppError | null {
  const found = databaseError(error);
  if (found?.code !== '23505') return null;
  if (found.constraint === 'widgets_domain_uq') return AppError.field('domain', WIDGET_MESSAGES.domainTaken);
  if (found.constraint === 'widgets_slug_uq') return AppError.field('slug', WIDGET_MESSAGES.slugTaken);
  return null;
}

async function saving<T>(ctx: ServiceContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const known = uniqueViolation(error);
    if (known) throw known;
    if (!(error instanceof AppError)) ctx.log.error({ err: loggableError(error) }, 'widget save failed');
    throw error;
  }
}

export async function createWidget(
  ctx: ServiceContext,
  actor: AgencyActor,
  snapshot: CatalogueSnapshot,
  input: WidgetInput,
): Promise<Widget> {
  await assertWidgetsAllowed(ctx, actor);
  const offers = await checkInput(ctx, actor, snapshot, input);
  const slug = input.slug || slugFromName(input.name);
  return saving(ctx, () =>
    withTransaction(ctx.db, async (tx) => {
      const row = await repo.insertWidget(
        tx,
        { ...fieldsOf(input, slug, null), agencyId: actor.agencyId, createdBy: actor.userId },
        offers,
      );
      const saved = await repo.findWidget(tx, actor.agencyId, row.id);
      if (!saved) throw new Error('created widget not found');
      return widgetView(saved.row, saved.offers);
    }),
  );
}

function sameOffers(a: WidgetOfferRow[], b: NewWidgetOffer[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        row.offerId === other.offerId &&
        row.tourId === other.tourId &&
        row.saleAdultMinor === other.saleAdultMinor &&
        row.saleChildMinor === other.saleChildMinor &&
        row.saleTripMinor === other.saleTripMinor
      );
    })
  );
}

// jsonb keeps its own key order: compare values with sorted keys
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

function sameFields(row: WidgetRow, fields: WidgetFields): boolean {
  return Object.entries(fields).every(
    ([key, value]) =>
      JSON.stringify(canonical(row[key as keyof WidgetRow])) === JSON.stringify(canonical(value ?? null)),
  );
}

// One transaction under the widget's row lock; a save that changes nothing writes nothing (updatedAt stays)
export async function updateWidget(
  ctx: ServiceContext,
  actor: AgencyActor,
  snapshot: CatalogueSnapshot,
  id: string,
  input: WidgetInput,
): Promise<Widget> {
  await assertWidgetsAllowed(ctx, actor);
  await loadOwn(ctx, actor, id);
  const offers = await checkInput(ctx, actor, snapshot, input);
  return saving(ctx, () =>
    withTransaction(ctx.db, async (tx) => {
      const current = await loadOwn(ctx, actor, id, true, tx);
      const fields = fieldsOf(input, input.slug || current.row.slug, current.row);
      if (sameFields(current.row, fields) && sameOffers(current.offers, offers)) {
        return widgetView(current.row, current.offers);
      }
      const row = await repo.updateWidget(tx, actor.agencyId, id, fields, offers);
      if (!row) throw AppError.notFound(WIDGET_MESSAGES.notFound);
      const saved = await repo.findWidget(tx, actor.agencyId, id);
      if (!saved) throw AppError.notFound(WIDGET_MESSAGES.notFound);
      return widgetView(saved.row, saved.offers);
    }),
  );
}

// A copy with a new address and no domain (a domain is one widget's); its prices are copied as they are
export async function duplicateWidget(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<Widget> {
  await assertWidgetsAllowed(ctx, actor);
  const { row, offers } = await loadOwn(ctx, actor, id);
  const name = `${row.name.slice(0, 92)} (copy)`;
  const fields: WidgetFields = {
    ...fieldsOfRow(row),
    name,
    slug: slugFromName(row.name),
    domain: '',
    domainStatus: null,
  };
  return saving(ctx, () =>
    withTransaction(ctx.db, async (tx) => {
      const copy = await repo.insertWidget(
        tx,
        { ...fields, agencyId: actor.agencyId, createdBy: actor.userId },
        offers.map(({ widgetId: _widgetId, ...rest }) => rest),
      );
      const saved = await repo.findWidget(tx, actor.agencyId, copy.id);
      if (!saved) throw new Error('duplicated widget not found');
      return widgetView(saved.row, saved.offers);
    }),
  );
}

function fieldsOfRow(row: WidgetRow): WidgetFields {
  const {
    id: _id,
    agencyId: _agencyId,
    createdBy: _createdBy,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    deletedAt: _deletedAt,
    // a copy has no domain: it gets its own TXT code, and no check's outcome
    domainToken: _domainToken,
    domainReason: _domainReason,
    domainCheckedAt: _domainCheckedAt,
    ...fields
  } = row;
  return fields;
}

export async function deleteWidget(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<{ id: string }> {
  await assertWidgetsAllowed(ctx, actor);
  if (!isUuid(id)) throw AppError.notFound(WIDGET_MESSAGES.notFound);
  const row = await repo.softDeleteWidget(ctx.db, actor.agencyId, id);
  if (!row) throw AppError.notFound(WIDGET_MESSAGES.notFound);
  return row;
}

// The bytes are written first and removed again if the row cannot be: no row ever names a missing file
export async function uploadWidgetImage(
  ctx: ServiceContext,
  actor: AgencyActor,
  upload: CheckedUpload,
): Promise<WidgetImage> {
  await assertWidgetsAllowed(ctx, actor);
  if (upload.type.format === 'PDF') throw AppError.field('file', WIDGET_MESSAGES.imageFormat);
  const storageKey = `widgets/${actor.agencyId}/${randomUUID()}.${upload.type.extension}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    const row = await repo.insertWidgetImage(ctx.db, {
      agencyId: actor.agencyId,
      storageKey,
      contentType: upload.type.mime,
      sizeBytes: upload.data.length,
      uploadedBy: actor.userId,
    });
    return { id: row.id, url: widgetImageUrl(row.id) };
  } catch (error) {
    await ctx.storage.remove(storageKey).catch((removeError: unknown) => {
      ctx.log.warn({ err: loggableError(removeError), storageKey }, 'could not remove the file of a failed upload');
    });
    throw error;
  }
}

export async function widgetImage(ctx: ServiceContext, id: string): Promise<{ data: Buffer; mime: string } | null> {
  if (!isUuid(id)) return null;
  const row = await repo.findWidgetImage(ctx.db, id);
  const data = row ? await ctx.storage.get(row.storageKey) : null;
  return row && data ? { data, mime: row.contentType } : null;
}
