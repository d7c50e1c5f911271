import { z } from './zod';
import { URGENCIES } from '../constants';
import { isTimeZone } from '../time-zone';
import { adminCatalogItemSchema, adminModifierSchema, adminRegionSchema } from './admin';
import { auditReasonField } from './audit';
import { issueSlugField, uuidField } from './common';
import { defineRoute } from './http';
import { MODIFIER_TYPES, PRICING_MESSAGES, modifierValuesSchema } from './pricing';

/**
 * The admin's edits of the pricing catalogue, regions and modifiers, and the impact preview shown
 * before saving one. Every write carries a reason, stored with its audit row. Slugs, region codes
 * and modifier keys name their rows for good (jobs and the audit log refer to them): they are set
 * once, at creation. Retiring sets a row inactive, never deletes it; PATCH `{ isActive: true }`
 * reinstates it.
 */

/** The largest multiplier a modifier may apply, and the largest flat amount it may add (dollars). */
export const MAX_MODIFIER_MULTIPLIER = 10;
export const MAX_MODIFIER_AMOUNT = 100_000;

export const ADMIN_PRICING_MESSAGES = {
  textMax: (field: string, max: number) => `${field} must be at most ${max} characters`,
  unitFormat: 'Unit must be lower-case words joined by underscores, such as job, hour or linear_ft',
  regionCodeFormat: 'Region code must be 2 to 10 capital letters or digits, starting with a letter',
  timeZoneInvalid: 'Time zone must be a time-zone name such as America/Denver',
  modifierKeyFormat:
    'Modifier key must be lower-case letters, digits and underscores, starting with a letter',
  modifierIdInvalid: 'Invalid modifier id',
  urgencyNotFlat: 'The urgency modifier must be a multiplier',
  urgencyValues: 'The urgency modifier needs exactly a routine, an urgent and an emergency value',
  multiplierValues: 'A multiplier modifier needs exactly one value, named multiplier',
  flatValues: 'A flat modifier needs exactly one value, named amount (in dollars)',
  multiplierRange: `A multiplier must be more than 0 and at most ${MAX_MODIFIER_MULTIPLIER}`,
  amountRange: `An amount must be at most $${MAX_MODIFIER_AMOUNT.toLocaleString('en-US')} with at most 2 decimals`,
  reinstateOnly: 'Only isActive: true (reinstate) can be set here; retire with the retire action',
  nothingToChange: 'Change at least one field',
  unchanged: 'Nothing to change: these are the values already saved',
  previewChangeInvalid: 'Say which change to preview',
  catalogItemNotFound: 'No issue type has this slug',
  regionNotFound: 'No region has this code',
  modifierNotFound: 'No modifier has this id',
  issueSlugTaken: 'An issue type with this slug already exists',
  regionCodeTaken: 'A region with this code already exists',
  modifierKeyTaken: 'A modifier with this key already exists',
  catalogItemRetired: 'This issue type is already retired',
  regionRetired: 'This region is already retired',
  modifierRetired: 'This modifier is already retired',
  defaultRegionKept:
    'The national average region cannot be retired: it prices every ZIP code no metro region covers',
} as const;

const M = ADMIN_PRICING_MESSAGES;

/** numeric(10,2) as text: at most 8 integer digits and 2 decimals; zero allowed (the base range starts at $0). */
const PRICE_TEXT = /^\d{1,8}(\.\d{1,2})?$/;
/** numeric(5,3) as text. */
const INDEX_TEXT = /^\d{1,2}(\.\d{1,3})?$/;
const UNIT = /^[a-z]+(_[a-z]+)*$/;
const REGION_CODE = /^[A-Z][A-Z0-9]{1,9}$/;
const STATE = /^[A-Z]{2}$/;
const MODIFIER_KEY = /^[a-z][a-z0-9_]{0,59}$/;

const requiredText = (requiredMessage: string, field: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: M.textMax(field, max) });

/** Free text that may be left out or cleared: '' and null store null; absent stays absent (PATCH). */
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.textMax(field, max) })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** A number or numeric text matching `pattern`, as the canonical text its numeric column holds. */
const numericText = (requiredMessage: string, formatMessage: string, pattern: RegExp, decimals: number) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : formatMessage),
    })
    .transform((raw, ctx) => {
      const text = String(raw).trim();
      if (text === '') {
        ctx.issues.push({ code: 'custom', message: requiredMessage, input: raw });
        return z.NEVER;
      }
      if (!pattern.test(text)) {
        ctx.issues.push({ code: 'custom', message: formatMessage, input: raw });
        return z.NEVER;
      }
      return Number(text).toFixed(decimals);
    });

/** A base price: '150' or 150 → '150.00'. */
export const basePriceField = (requiredMessage: string) =>
  numericText(requiredMessage, PRICING_MESSAGES.basePriceFormat, PRICE_TEXT, 2);

/** A labour or material index relative to the national average: '1.48' → '1.480', 0.001 to 99.999. */
export const priceIndexField = () =>
  numericText(PRICING_MESSAGES.indexFormat, PRICING_MESSAGES.indexFormat, INDEX_TEXT, 3).refine(
    (value) => Number(value) > 0,
    { error: PRICING_MESSAGES.indexFormat },
  );

/** 'NYC', 'den' → 'DEN'. */
export const regionCodeField = () =>
  z
    .string({ error: PRICING_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: PRICING_MESSAGES.codeRequired })
    .toUpperCase()
    .regex(REGION_CODE, { error: M.regionCodeFormat });

export const modifierKeyField = () =>
  z
    .string({ error: PRICING_MESSAGES.modifierKeyRequired })
    .trim()
    .min(1, { error: PRICING_MESSAGES.modifierKeyRequired })
    .regex(MODIFIER_KEY, { error: M.modifierKeyFormat });

const catalogItemShape = {
  issueName: requiredText(PRICING_MESSAGES.issueNameRequired, 'Issue name', 200),
  baseMin: basePriceField(PRICING_MESSAGES.baseMinRequired),
  baseMax: basePriceField(PRICING_MESSAGES.baseMaxRequired),
  unit: requiredText(PRICING_MESSAGES.unitRequired, 'Unit', 40).regex(UNIT, { error: M.unitFormat }),
  category: requiredText(PRICING_MESSAGES.categoryRequired, 'Category', 80),
  notes: optionalText('Notes', 2000),
};

const regionShape = {
  name: requiredText(PRICING_MESSAGES.nameRequired, 'Region name', 200),
  state: z
    .string({ error: PRICING_MESSAGES.stateLength })
    .trim()
    .toUpperCase()
    .regex(STATE, { error: PRICING_MESSAGES.stateLength }),
  metro: optionalText('Metro area', 200),
  laborIndex: priceIndexField(),
  materialIndex: priceIndexField(),
  /** The IANA zone the region's jobs are scheduled and shown in. */
  timeZone: z
    .string({ error: M.timeZoneInvalid })
    .trim()
    .max(64, { error: M.timeZoneInvalid })
    .refine(isTimeZone, { error: M.timeZoneInvalid }),
};

const modifierShape = {
  type: z.enum(MODIFIER_TYPES, { error: PRICING_MESSAGES.modifierTypeInvalid }),
  name: requiredText(PRICING_MESSAGES.modifierNameRequired, 'Modifier name', 200),
  description: optionalText('Description', 1000),
  valuesJson: modifierValuesSchema,
};

/** Reinstating is the only change of `isActive` a PATCH makes: retiring has its own route. */
const reinstateField = z.literal(true, { error: M.reinstateOnly }).optional();

type BaseRange = { baseMin?: string; baseMax?: string };
const rangeInOrder = (item: BaseRange) =>
  item.baseMin === undefined || item.baseMax === undefined || Number(item.baseMin) <= Number(item.baseMax);
const rangeRule = { error: PRICING_MESSAGES.baseMinAboveMax, path: ['baseMax'] };

const hasAChange = (changes: Record<string, unknown>) =>
  Object.entries(changes).some(([key, value]) => key !== 'reason' && value !== undefined);

const URGENCY_KEY = 'urgency';
type ModifierRuleInput = { key: string; type: string; valuesJson: Record<string, number> };
const sameKeys = (values: Record<string, number>, keys: readonly string[]) =>
  Object.keys(values).length === keys.length && keys.every((key) => Object.hasOwn(values, key));
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * What the pricing engine can apply (server/modules/pricing/pricing.engine.ts): the urgency modifier
 * multiplies by its routine/urgent/emergency value; any other multiplier by its `multiplier`; a flat
 * modifier adds its `amount`. Null when the modifier is well formed, else the problem.
 */
export function modifierValuesProblem(modifier: ModifierRuleInput): string | null {
  const values = modifier.valuesJson;
  if (modifier.key === URGENCY_KEY) {
    if (modifier.type !== 'multiplier') return M.urgencyNotFlat;
    if (!sameKeys(values, URGENCIES)) return M.urgencyValues;
  } else if (modifier.type === 'multiplier') {
    if (!sameKeys(values, ['multiplier'])) return M.multiplierValues;
  } else if (!sameKeys(values, ['amount'])) {
    return M.flatValues;
  }
  for (const value of Object.values(values)) {
    if (modifier.type === 'multiplier' && !(value > 0 && value <= MAX_MODIFIER_MULTIPLIER)) {
      return M.multiplierRange;
    }
    if (modifier.type === 'flat' && !(value <= MAX_MODIFIER_AMOUNT && hasAtMostTwoDecimals(value))) {
      return M.amountRange;
    }
  }
  return null;
}

const checkModifierValues = (modifier: ModifierRuleInput, ctx: z.RefinementCtx) => {
  const problem = modifierValuesProblem(modifier);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['valuesJson'] });
};

/** A whole catalogue item: what a creation sends, and what an edit must leave. */
export const catalogItemFields = z
  .object({ issueSlug: issueSlugField(PRICING_MESSAGES.issueSlugRequired), ...catalogItemShape })
  .refine(rangeInOrder, rangeRule);
export const regionFields = z.object({ code: regionCodeField(), ...regionShape });
export const modifierFields = z
  .object({ key: modifierKeyField(), ...modifierShape })
  .superRefine(checkModifierValues);

/** The editable fields of an item (its slug stays), any of them; `isActive: true` reinstates. */
export const catalogItemChanges = z
  .object(catalogItemShape)
  .partial()
  .extend({ isActive: reinstateField })
  .refine(rangeInOrder, rangeRule);
export const regionChanges = z.object(regionShape).partial().extend({ isActive: reinstateField });
export const modifierChanges = z.object(modifierShape).partial().extend({ isActive: reinstateField });
export type CatalogItemValues = z.output<typeof catalogItemFields>;
export type CatalogItemChangeSet = z.output<typeof catalogItemChanges>;
export type RegionValues = z.output<typeof regionFields>;
export type RegionChangeSet = z.output<typeof regionChanges>;
export type ModifierValues = z.output<typeof modifierFields>;
export type ModifierChangeSet = z.output<typeof modifierChanges>;

const withReason = { reason: auditReasonField() };

/** POST /api/admin/pricing/catalog */
export const createCatalogItemInput = z
  .object({
    issueSlug: issueSlugField(PRICING_MESSAGES.issueSlugRequired),
    ...catalogItemShape,
    ...withReason,
  })
  .refine(rangeInOrder, rangeRule);
export type CreateCatalogItemInput = z.input<typeof createCatalogItemInput>;
export type CreateCatalogItemData = z.output<typeof createCatalogItemInput>;

/** PATCH /api/admin/pricing/catalog/:issueSlug */
export const updateCatalogItemInput = z
  .object(catalogItemShape)
  .partial()
  .extend({ isActive: reinstateField, ...withReason })
  .refine(rangeInOrder, rangeRule)
  .refine(hasAChange, { error: M.nothingToChange });
export type UpdateCatalogItemInput = z.input<typeof updateCatalogItemInput>;
export type UpdateCatalogItemData = z.output<typeof updateCatalogItemInput>;

/** POST /api/admin/pricing/regions */
export const createRegionInput = z.object({ code: regionCodeField(), ...regionShape, ...withReason });
export type CreateRegionInput = z.input<typeof createRegionInput>;
export type CreateRegionData = z.output<typeof createRegionInput>;

/** PATCH /api/admin/pricing/regions/:code */
export const updateRegionInput = z
  .object(regionShape)
  .partial()
  .extend({ isActive: reinstateField, ...withReason })
  .refine(hasAChange, { error: M.nothingToChange });
export type UpdateRegionInput = z.input<typeof updateRegionInput>;
export type UpdateRegionData = z.output<typeof updateRegionInput>;

/** POST /api/admin/pricing/modifiers */
export const createModifierInput = z
  .object({ key: modifierKeyField(), ...modifierShape, ...withReason })
  .superRefine(checkModifierValues);
export type CreateModifierInput = z.input<typeof createModifierInput>;
export type CreateModifierData = z.output<typeof createModifierInput>;

/** PATCH /api/admin/pricing/modifiers/:modifierId (the values are checked against the saved key and type). */
export const updateModifierInput = z
  .object(modifierShape)
  .partial()
  .extend({ isActive: reinstateField, ...withReason })
  .refine(hasAChange, { error: M.nothingToChange });
export type UpdateModifierInput = z.input<typeof updateModifierInput>;
export type UpdateModifierData = z.output<typeof updateModifierInput>;

/** POST …/retire: only the reason. */
export const retirePricingInput = z.object(withReason);
export type RetirePricingInput = z.input<typeof retirePricingInput>;

export const issueSlugParam = z.object({ issueSlug: issueSlugField(PRICING_MESSAGES.issueSlugRequired) });
export const regionCodeParam = z.object({ code: regionCodeField() });
export const modifierIdParam = z.object({ modifierId: uuidField(M.modifierIdInvalid) });

/**
 * POST /api/admin/pricing/preview: the change an edit dialog is about to save, in the shape of that
 * edit (without its reason). Nothing is written.
 */
export const pricingPreviewInput = z.discriminatedUnion(
  'change',
  [
    z.object({ change: z.literal('createCatalogItem'), values: catalogItemFields }),
    z.object({
      change: z.literal('updateCatalogItem'),
      issueSlug: issueSlugParam.shape.issueSlug,
      values: catalogItemChanges,
    }),
    z.object({ change: z.literal('retireCatalogItem'), issueSlug: issueSlugParam.shape.issueSlug }),
    z.object({ change: z.literal('createRegion'), values: regionFields }),
    z.object({ change: z.literal('updateRegion'), code: regionCodeField(), values: regionChanges }),
    z.object({ change: z.literal('retireRegion'), code: regionCodeField() }),
    z.object({ change: z.literal('createModifier'), values: modifierFields }),
    z.object({
      change: z.literal('updateModifier'),
      modifierId: modifierIdParam.shape.modifierId,
      values: modifierChanges,
    }),
    z.object({ change: z.literal('retireModifier'), modifierId: modifierIdParam.shape.modifierId }),
  ],
  { error: M.previewChangeInvalid },
);
export type PricingPreviewInput = z.input<typeof pricingPreviewInput>;
export type PricingPreviewChange = z.output<typeof pricingPreviewInput>;

/** An estimate's rounded totals and its text, as a homeowner is shown it. */
export const previewFiguresSchema = z.object({
  min: z.number(),
  max: z.number(),
  estimatedCost: z.string(),
});
export type PreviewFigures = z.infer<typeof previewFiguresSchema>;

/**
 * One estimate of the sample, before and after the change (null where the catalogue cannot price
 * it: an item that is new, retired or inactive). A region's row is what the ZIP codes of that
 * region are charged: a retired or new region's ZIP codes are charged the national average.
 */
export const pricingPreviewRowSchema = z.object({
  regionCode: z.string(),
  regionName: z.string(),
  issueSlug: z.string(),
  issueName: z.string(),
  urgency: z.enum(URGENCIES),
  /** The modifiers applied besides urgency (a modifier's preview applies that modifier). */
  modifierKeys: z.array(z.string()),
  before: previewFiguresSchema.nullable(),
  after: previewFiguresSchema.nullable(),
  /** (after − before) ÷ before, in percent with one decimal, for each end of the range; null without both. */
  change: z.object({ minPercent: z.number(), maxPercent: z.number() }).nullable(),
});
export type PricingPreviewRow = z.infer<typeof pricingPreviewRowSchema>;

export const pricingPreviewSchema = z.object({ rows: z.array(pricingPreviewRowSchema) });
export type PricingPreview = z.infer<typeof pricingPreviewSchema>;

/** Admin only (the guard is on the router). */
export const adminPricingRoutes = {
  createCatalogItem: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/catalog',
    body: createCatalogItemInput,
    response: adminCatalogItemSchema,
    status: 201,
  }),
  updateCatalogItem: defineRoute({
    method: 'PATCH',
    path: '/api/admin/pricing/catalog/:issueSlug',
    params: issueSlugParam,
    body: updateCatalogItemInput,
    response: adminCatalogItemSchema,
  }),
  retireCatalogItem: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/catalog/:issueSlug/retire',
    params: issueSlugParam,
    body: retirePricingInput,
    response: adminCatalogItemSchema,
  }),
  createRegion: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/regions',
    body: createRegionInput,
    response: adminRegionSchema,
    status: 201,
  }),
  updateRegion: defineRoute({
    method: 'PATCH',
    path: '/api/admin/pricing/regions/:code',
    params: regionCodeParam,
    body: updateRegionInput,
    response: adminRegionSchema,
  }),
  retireRegion: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/regions/:code/retire',
    params: regionCodeParam,
    body: retirePricingInput,
    response: adminRegionSchema,
  }),
  createModifier: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/modifiers',
    body: createModifierInput,
    response: adminModifierSchema,
    status: 201,
  }),
  updateModifier: defineRoute({
    method: 'PATCH',
    path: '/api/admin/pricing/modifiers/:modifierId',
    params: modifierIdParam,
    body: updateModifierInput,
    response: adminModifierSchema,
  }),
  retireModifier: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/modifiers/:modifierId/retire',
    params: modifierIdParam,
    body: retirePricingInput,
    response: adminModifierSchema,
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/admin/pricing/preview',
    body: pricingPreviewInput,
    response: pricingPreviewSchema,
  }),
};
