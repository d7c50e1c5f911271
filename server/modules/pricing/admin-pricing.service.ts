import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type { AdminCatalogItem, AdminModifier, AdminRegion } from '@shared/contracts/admin';
import {
  ADMIN_PRICING_MESSAGES,
  catalogItemFields,
  modifierFields,
  regionFields,
  type CatalogItemChangeSet,
  type CatalogItemValues,
  type ModifierChangeSet,
  type ModifierValues,
  type PricingPreview,
  type PricingPreviewChange,
  type RegionChangeSet,
  type RegionValues,
} from '@shared/contracts/admin-pricing';
import type { AuditEntityType } from '@shared/contracts/audit';
import type { CurrentUser } from '@shared/contracts/auth';
import { MODIFIER_TYPES, modifierValuesSchema, type ModifierType } from '@shared/contracts/pricing';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import type { AuditService } from '../audit';
import { previewRows, type PreviewTarget } from './admin-pricing.preview';
import {
  findCatalogItemForUpdate,
  findModifierByKey,
  findModifierForUpdate,
  findRegionForUpdate,
  insertCatalogItem,
  insertModifier,
  insertRegion,
  listAllPricingRows,
  updateCatalogItem,
  updateModifier,
  updateRegion,
  type Modifier,
  type PricingCatalogItem,
  type Region,
} from './admin-pricing.repository';
import type { ReferenceRows } from './pricing.reference';
import { notifyPricingChanged } from './pricing.repository';
import type { PricingService } from './pricing.service';

const M = ADMIN_PRICING_MESSAGES;

type Actor = Pick<CurrentUser, 'id' | 'email'>;
type WithReason<T> = T & { reason: string };

/** A change to one row, as an edit or its preview describes it. */
type Change<Values, ChangeSet> =
  { kind: 'create'; values: Values } | { kind: 'update'; values: ChangeSet } | { kind: 'retire' };

/** A row not written yet (a creation's preview): no id, no timestamps that mean anything. */
const UNSAVED = { id: '', createdAt: new Date(0), updatedAt: new Date(0) } as const;

/** The fields a change set gives, without those it leaves out. */
const given = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

/** JSON with object keys sorted: `{ urgent, routine }` and `{ routine, urgent }` are the same values. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const sameFields = <T extends object>(a: T, b: T, keys: readonly (keyof T)[]) =>
  keys.every((key) => canonical(a[key]) === canonical(b[key]));

const CATALOG_FIELDS = ['issueName', 'baseMin', 'baseMax', 'unit', 'category', 'notes', 'isActive'] as const;
const REGION_FIELDS = [
  'name',
  'state',
  'metro',
  'laborIndex',
  'materialIndex',
  'timeZone',
  'isActive',
] as const;
const MODIFIER_FIELDS = ['type', 'name', 'description', 'valuesJson', 'isActive'] as const;

export function toAdminCatalogItem(row: PricingCatalogItem): AdminCatalogItem {
  const { id, issueSlug, issueName, baseMin, baseMax, unit, category, notes, isActive } = row;
  return { id, issueSlug, issueName, baseMin, baseMax, unit, category, notes, isActive };
}

export function toAdminRegion(row: Region): AdminRegion {
  const { id, code, name, state, metro, laborIndex, materialIndex, currency, timeZone, isActive } = row;
  return { id, code, name, state, metro, laborIndex, materialIndex, currency, timeZone, isActive };
}

export function toAdminModifier(row: Modifier): AdminModifier {
  const values = modifierValuesSchema.safeParse(row.valuesJson);
  return {
    id: row.id,
    key: row.key,
    // The database's check constraint allows only these two.
    type: (MODIFIER_TYPES as readonly string[]).includes(row.type)
      ? (row.type as ModifierType)
      : 'multiplier',
    name: row.name,
    description: row.description,
    valuesJson: values.success ? values.data : {},
    isActive: row.isActive,
  };
}

/**
 * What a row becomes under a change — the same for the edit and for its preview, so the preview
 * prices exactly what would be saved. 404 for an unknown row, 409 for a taken slug (code, key) or
 * a retired row retired again, 400 when the result breaks a rule (min above max, bad values) or
 * changes nothing.
 */
function nextCatalogItem(
  current: PricingCatalogItem | undefined,
  change: Change<CatalogItemValues, CatalogItemChangeSet>,
): PricingCatalogItem {
  if (change.kind === 'create') {
    if (current) throw new AppError('CONFLICT', M.issueSlugTaken);
    return { ...UNSAVED, ...change.values, notes: change.values.notes ?? null, isActive: true };
  }
  if (!current) throw new AppError('NOT_FOUND', M.catalogItemNotFound);
  if (change.kind === 'retire') {
    if (!current.isActive) throw new AppError('CONFLICT', M.catalogItemRetired);
    return { ...current, isActive: false };
  }
  const { isActive, ...fields } = given(change.values);
  const checked = parseInput(catalogItemFields, { ...current, ...fields });
  const next = {
    ...current,
    ...checked,
    notes: checked.notes ?? null,
    isActive: isActive ?? current.isActive,
  };
  if (sameFields(current, next, CATALOG_FIELDS)) throw new AppError('VALIDATION_ERROR', M.unchanged);
  return next;
}

function nextRegion(current: Region | undefined, change: Change<RegionValues, RegionChangeSet>): Region {
  if (change.kind === 'create') {
    if (current) throw new AppError('CONFLICT', M.regionCodeTaken);
    return {
      ...UNSAVED,
      ...change.values,
      metro: change.values.metro ?? null,
      currency: 'USD',
      isActive: true,
    };
  }
  if (!current) throw new AppError('NOT_FOUND', M.regionNotFound);
  if (change.kind === 'retire') {
    if (current.code === DEFAULT_REGION_CODE) throw new AppError('CONFLICT', M.defaultRegionKept);
    if (!current.isActive) throw new AppError('CONFLICT', M.regionRetired);
    return { ...current, isActive: false };
  }
  const { isActive, ...fields } = given(change.values);
  const checked = parseInput(regionFields, { ...current, ...fields });
  const next = {
    ...current,
    ...checked,
    metro: checked.metro ?? null,
    isActive: isActive ?? current.isActive,
  };
  if (sameFields(current, next, REGION_FIELDS)) throw new AppError('VALIDATION_ERROR', M.unchanged);
  return next;
}

function nextModifier(
  current: Modifier | undefined,
  change: Change<ModifierValues, ModifierChangeSet>,
): Modifier {
  if (change.kind === 'create') {
    if (current) throw new AppError('CONFLICT', M.modifierKeyTaken);
    return { ...UNSAVED, ...change.values, description: change.values.description ?? null, isActive: true };
  }
  if (!current) throw new AppError('NOT_FOUND', M.modifierNotFound);
  if (change.kind === 'retire') {
    if (!current.isActive) throw new AppError('CONFLICT', M.modifierRetired);
    return { ...current, isActive: false };
  }
  const { isActive, ...fields } = given(change.values);
  // The values are checked against the saved key and the type the modifier will have.
  const checked = parseInput(modifierFields, { ...current, ...fields });
  const next = {
    ...current,
    ...checked,
    description: checked.description ?? null,
    isActive: isActive ?? current.isActive,
  };
  if (sameFields(current, next, MODIFIER_FIELDS)) throw new AppError('VALIDATION_ERROR', M.unchanged);
  return next;
}

/** What an edit did, for the audit: created, retired, brought a retired row back, or updated. */
const auditVerb = (current: { isActive: boolean } | undefined, retiring: boolean, isActive: boolean) => {
  if (!current) return 'create';
  if (retiring) return 'retire';
  return !current.isActive && isActive ? 'reinstate' : 'update';
};

const replaceRow = <T extends { id: string }>(rows: readonly T[], next: T) =>
  next.id === '' ? [...rows, next] : rows.map((row) => (row.id === next.id ? next : row));

export interface AdminPricingServiceDeps {
  db: Database;
  audit: Pick<AuditService, 'record'>;
  /** This process's pricing cache, dropped as soon as an edit commits (other instances hear the NOTIFY). */
  pricing: Pick<PricingService, 'dropCache'>;
}

/**
 * The admin's edits of the pricing catalogue, regions and modifiers. Each edit is one transaction:
 * the row (locked while it is read), its audit row with the admin's reason, and a NOTIFY on
 * `pricing_changed` that PostgreSQL delivers to every instance only once the transaction commits,
 * so every instance's cached reference data drops within moments. A row is retired (inactive),
 * never deleted: old jobs keep naming it, and its estimate stays stored on them.
 */
export function createAdminPricingService({ db, audit, pricing }: AdminPricingServiceDeps) {
  /** One edit: `change` writes the row and says what to audit; the audit row and the NOTIFY join it. */
  async function write<View>(
    actor: Actor,
    reason: string,
    entityType: AuditEntityType,
    change: (tx: Executor) => Promise<{ action: string; entityId: string; before: View | null; after: View }>,
  ): Promise<View> {
    const after = await db.transaction(async (tx) => {
      const done = await change(tx);
      await audit.record(tx, actor, { ...done, entityType, reason });
      await notifyPricingChanged(tx, `${entityType}:${done.entityId}`);
      return done.after;
    });
    pricing.dropCache();
    return after;
  }

  async function editCatalogItem(
    actor: Actor,
    issueSlug: string,
    reason: string,
    change: Change<CatalogItemValues, CatalogItemChangeSet>,
  ): Promise<AdminCatalogItem> {
    return write(actor, reason, 'catalog_item', async (tx) => {
      const current = await findCatalogItemForUpdate(tx, issueSlug);
      const next = nextCatalogItem(current, change);
      const { issueName, baseMin, baseMax, unit, category, notes, isActive } = next;
      const fields = { issueName, baseMin, baseMax, unit, category, notes, isActive };
      const row = current
        ? await updateCatalogItem(tx, current.id, fields)
        : await insertCatalogItem(tx, { issueSlug, ...fields });
      const verb = auditVerb(current, change.kind === 'retire', isActive);
      return {
        action: `pricing.catalog.${verb}`,
        entityId: issueSlug,
        before: current ? toAdminCatalogItem(current) : null,
        after: toAdminCatalogItem(row),
      };
    });
  }

  async function editRegion(
    actor: Actor,
    code: string,
    reason: string,
    change: Change<RegionValues, RegionChangeSet>,
  ): Promise<AdminRegion> {
    return write(actor, reason, 'region', async (tx) => {
      const current = await findRegionForUpdate(tx, code);
      const next = nextRegion(current, change);
      const { name, state, metro, laborIndex, materialIndex, timeZone, isActive } = next;
      const fields = { name, state, metro, laborIndex, materialIndex, timeZone, isActive };
      const row = current
        ? await updateRegion(tx, current.id, fields)
        : await insertRegion(tx, { code, ...fields });
      const verb = auditVerb(current, change.kind === 'retire', isActive);
      return {
        action: `pricing.region.${verb}`,
        entityId: code,
        before: current ? toAdminRegion(current) : null,
        after: toAdminRegion(row),
      };
    });
  }

  /** A modifier is found by id for an edit, by key for a creation (its key must be free). */
  async function editModifier(
    actor: Actor,
    target: { id: string } | { key: string },
    reason: string,
    change: Change<ModifierValues, ModifierChangeSet>,
  ): Promise<AdminModifier> {
    return write(actor, reason, 'modifier', async (tx) => {
      const current =
        'id' in target ? await findModifierForUpdate(tx, target.id) : await findModifierByKey(tx, target.key);
      const next = nextModifier(current, change);
      const { type, name, description, valuesJson, isActive } = next;
      const fields = { type, name, description, valuesJson, isActive };
      const row = current
        ? await updateModifier(tx, current.id, fields)
        : await insertModifier(tx, { key: next.key, ...fields });
      const verb = auditVerb(current, change.kind === 'retire', isActive);
      return {
        action: `pricing.modifier.${verb}`,
        entityId: row.key,
        before: current ? toAdminModifier(current) : null,
        after: toAdminModifier(row),
      };
    });
  }

  /** The tables after `change`, in memory, and what the preview samples. */
  function applyChange(
    rows: ReferenceRows,
    change: PricingPreviewChange,
  ): { after: ReferenceRows; target: PreviewTarget } {
    switch (change.change) {
      case 'createCatalogItem':
      case 'updateCatalogItem':
      case 'retireCatalogItem': {
        const issueSlug = change.change === 'createCatalogItem' ? change.values.issueSlug : change.issueSlug;
        const current = rows.items.find((row) => row.issueSlug === issueSlug);
        const next = nextCatalogItem(
          current,
          change.change === 'createCatalogItem'
            ? { kind: 'create', values: change.values }
            : change.change === 'updateCatalogItem'
              ? { kind: 'update', values: change.values }
              : { kind: 'retire' },
        );
        return {
          after: { ...rows, items: replaceRow(rows.items, next) },
          target: { entity: 'catalog_item', issueSlug },
        };
      }
      case 'createRegion':
      case 'updateRegion':
      case 'retireRegion': {
        const code = change.change === 'createRegion' ? change.values.code : change.code;
        const current = rows.regions.find((row) => row.code === code);
        const next = nextRegion(
          current,
          change.change === 'createRegion'
            ? { kind: 'create', values: change.values }
            : change.change === 'updateRegion'
              ? { kind: 'update', values: change.values }
              : { kind: 'retire' },
        );
        return {
          after: { ...rows, regions: replaceRow(rows.regions, next) },
          target: { entity: 'region', code },
        };
      }
      case 'createModifier':
      case 'updateModifier':
      case 'retireModifier': {
        const current =
          change.change === 'createModifier'
            ? rows.modifiers.find((row) => row.key === change.values.key)
            : rows.modifiers.find((row) => row.id === change.modifierId);
        const next = nextModifier(
          current,
          change.change === 'createModifier'
            ? { kind: 'create', values: change.values }
            : change.change === 'updateModifier'
              ? { kind: 'update', values: change.values }
              : { kind: 'retire' },
        );
        return {
          after: { ...rows, modifiers: replaceRow(rows.modifiers, next) },
          target: { entity: 'modifier', key: next.key },
        };
      }
    }
  }

  return {
    createCatalogItem: (actor: Actor, { reason, ...values }: WithReason<CatalogItemValues>) =>
      editCatalogItem(actor, values.issueSlug, reason, { kind: 'create', values }),
    updateCatalogItem: (
      actor: Actor,
      issueSlug: string,
      { reason, ...values }: WithReason<CatalogItemChangeSet>,
    ) => editCatalogItem(actor, issueSlug, reason, { kind: 'update', values }),
    retireCatalogItem: (actor: Actor, issueSlug: string, { reason }: { reason: string }) =>
      editCatalogItem(actor, issueSlug, reason, { kind: 'retire' }),

    createRegion: (actor: Actor, { reason, ...values }: WithReason<RegionValues>) =>
      editRegion(actor, values.code, reason, { kind: 'create', values }),
    updateRegion: (actor: Actor, code: string, { reason, ...values }: WithReason<RegionChangeSet>) =>
      editRegion(actor, code, reason, { kind: 'update', values }),
    /** The national average region is never retired (409): it prices every ZIP no metro covers. */
    retireRegion: (actor: Actor, code: string, { reason }: { reason: string }) =>
      editRegion(actor, code, reason, { kind: 'retire' }),

    createModifier: (actor: Actor, { reason, ...values }: WithReason<ModifierValues>) =>
      editModifier(actor, { key: values.key }, reason, { kind: 'create', values }),
    updateModifier: (actor: Actor, id: string, { reason, ...values }: WithReason<ModifierChangeSet>) =>
      editModifier(actor, { id }, reason, { kind: 'update', values }),
    retireModifier: (actor: Actor, id: string, { reason }: { reason: string }) =>
      editModifier(actor, { id }, reason, { kind: 'retire' }),

    /**
     * The estimates of the change's sample (admin-pricing.preview.ts) before and after it, priced
     * by the pricing engine on the tables as they are now and with the change applied in memory.
     * Nothing is written; the same refusals as the edit itself (404, 409, 400).
     */
    async preview(change: PricingPreviewChange): Promise<PricingPreview> {
      const rows = await listAllPricingRows(db);
      const { after, target } = applyChange(rows, change);
      return { rows: previewRows(rows, after, target) };
    },
  };
}

export type AdminPricingService = ReturnType<typeof createAdminPricingService>;
