import { zodResolver } from '@hookform/resolvers/zod';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { USER_ROLES } from '@shared/constants';
import {
  PEOPLE_SEARCH_LIMIT,
  changeRoleInput,
  peopleSearchQuery,
  suspensionInput,
  type AdminPerson,
} from '@shared/contracts/admin-people';
import { formatPostedDate } from '@shared/job-display';
import { formatDayOnClock, formatTimeOnClock, zoneAbbreviation } from '@shared/time-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useChangePersonRole } from '../api/change-person-role';
import { useChangePersonSuspension } from '../api/change-person-suspension';
import { useAdminPeople } from '../api/get-admin-people';
import { ADMIN_COPY } from '../copy';
import { AdminTable } from './admin-table';
import { TextareaField } from '@/components/ui/textarea-field';

const COPY = ADMIN_COPY.people;

/** What the admin is about to do to an account: one dialog at a time. */
type PendingAction = { kind: 'suspension' | 'role'; person: AdminPerson };

const nameOf = (person: AdminPerson) => person.name ?? person.email;

/** "Tue, Dec 1 · 9:00 AM CST": an instant on the app's clock, as the pages name times. */
const formatOnClock = (iso: string, zone: string) =>
  `${formatDayOnClock(iso, zone)} · ${formatTimeOnClock(iso, zone)} ${zoneAbbreviation(iso, zone)}`;

/**
 * The People tab: search accounts, suspend or reinstate them, change their role. Times are on
 * `timeZone`'s clock (the app's).
 */
export function PeopleTab({ timeZone }: { timeZone: string }) {
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const people = useAdminPeople({ query });
  const close = () => setPending(null);

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground">{COPY.intro}</p>
      <SearchForm onSearch={setQuery} searching={people.isFetching} />
      {people.isError && (
        <p role="alert" className="text-sm text-destructive">
          {ADMIN_COPY.listFailed} {getErrorMessage(people.error, '')}
        </p>
      )}
      <AdminTable
        label={COPY.tableLabel}
        testId="table-people"
        columns={COPY.columns}
        rows={people.data}
        failed={people.isError}
        rowKey={(person) => person.id}
        emptyText={COPY.empty}
        renderRow={(person) => (
          <PersonCells
            person={person}
            timeZone={timeZone}
            onSuspension={() => setPending({ kind: 'suspension', person })}
            onRole={() => setPending({ kind: 'role', person })}
          />
        )}
      />
      {people.data?.length === PEOPLE_SEARCH_LIMIT && (
        <p className="text-sm text-muted-foreground">{COPY.limitNote(PEOPLE_SEARCH_LIMIT)}</p>
      )}
      <Dialog open={pending !== null} onOpenChange={(open) => !open && close()}>
        {pending && (
          <DialogContent data-testid="dialog-person-action" closeLabel={COPY.cancel}>
            {pending.kind === 'suspension' ? (
              <SuspensionForm person={pending.person} onDone={close} />
            ) : (
              <RoleForm person={pending.person} onDone={close} />
            )}
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

function SearchForm({ onSearch, searching }: { onSearch: (query: string) => void; searching: boolean }) {
  const id = useId();
  const form = useForm({ resolver: zodResolver(peopleSearchQuery), defaultValues: { query: '' } });
  const { errors } = form.formState;
  return (
    <form
      role="search"
      noValidate
      onSubmit={form.handleSubmit(({ query }) => onSearch(query))}
      className="flex flex-wrap items-end gap-2"
    >
      <FormField id={`${id}-query`} label={COPY.searchLabel} error={errors.query} className="min-w-64 flex-1">
        {(describedBy) => (
          <Input
            id={`${id}-query`}
            type="search"
            placeholder={COPY.searchPlaceholder}
            maxLength={254}
            aria-invalid={errors.query ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-people-search"
            {...form.register('query')}
          />
        )}
      </FormField>
      <Button type="submit" aria-busy={searching} data-testid="button-people-search">
        <Search aria-hidden="true" />
        {COPY.search}
      </Button>
    </form>
  );
}

function PersonCells({
  person,
  timeZone,
  onSuspension,
  onRole,
}: {
  person: AdminPerson;
  timeZone: string;
  onSuspension: () => void;
  onRole: () => void;
}) {
  const { activity } = person;
  return (
    <>
      <TableCell className="min-w-56" data-testid={`cell-person-${person.id}`}>
        <span className="font-medium">{person.name ?? COPY.unnamed}</span>
        <span className="block text-xs wrap-anywhere text-muted-foreground">{person.email}</span>
        <span className="block text-xs text-muted-foreground">{person.phone ?? COPY.noPhone}</span>
        {!person.emailVerified && !person.deletedAt && (
          <span className="block text-xs text-muted-foreground">{COPY.emailUnverified}</span>
        )}
      </TableCell>
      <TableCell>{COPY.roles[person.role]}</TableCell>
      <TableCell className="min-w-40" data-testid={`text-person-status-${person.id}`}>
        <PersonStatus person={person} />
      </TableCell>
      <TableCell className="min-w-48 text-sm">
        {COPY.activity(activity.jobsPosted, activity.quotesSent)}
        {activity.lastActiveAt && (
          <span className="block text-xs text-muted-foreground">
            {COPY.lastActive(formatPostedDate(activity.lastActiveAt))}
          </span>
        )}
      </TableCell>
      <TableCell className="text-sm whitespace-nowrap" data-testid={`text-last-login-${person.id}`}>
        {person.lastLoginAt ? (
          <time dateTime={person.lastLoginAt}>{formatOnClock(person.lastLoginAt, timeZone)}</time>
        ) : (
          <span className="text-muted-foreground">{COPY.neverLoggedIn}</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatPostedDate(person.createdAt)}</TableCell>
      <TableCell>
        {person.deletedAt ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={person.suspendedAt ? 'outline' : 'destructive'}
              onClick={onSuspension}
              data-testid={`button-${person.suspendedAt ? 'reinstate' : 'suspend'}-${person.id}`}
            >
              {person.suspendedAt ? COPY.reinstate : COPY.suspend}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={onRole}
              data-testid={`button-change-role-${person.id}`}
            >
              {COPY.changeRole}
            </Button>
          </div>
        )}
      </TableCell>
    </>
  );
}

function PersonStatus({ person }: { person: AdminPerson }) {
  if (person.deletedAt) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        {COPY.deleted}
      </Badge>
    );
  }
  if (person.suspendedAt) {
    return (
      <>
        <Badge variant="destructive">{COPY.suspended}</Badge>
        <span className="block text-xs text-muted-foreground">
          {COPY.since(formatPostedDate(person.suspendedAt))}
        </span>
        {person.suspensionReason && <span className="block text-xs">{person.suspensionReason}</span>}
      </>
    );
  }
  return <Badge variant="secondary">{COPY.active}</Badge>;
}

/**
 * Shows a refusal at the field the server names (`details[0].path`, e.g. a wrong password), else
 * as the form's own error: the dialog stays open so the admin can correct it.
 */
function showRefusal<V extends FieldValues>(
  form: UseFormReturn<V>,
  fields: readonly Path<V>[],
  error: Error,
  setFailure: (message: string) => void,
) {
  const message = getErrorMessage(error, COPY.failure);
  const details = isApiError(error) ? (error.body as { details?: { path?: string }[] }).details : undefined;
  const field = fields.find((name) => name === details?.[0]?.path);
  if (field) form.setError(field, { message }, { shouldFocus: true });
  else setFailure(message);
}

function SuspensionForm({ person, onDone }: { person: AdminPerson; onDone: () => void }) {
  const id = useId();
  const suspending = person.suspendedAt === null;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(suspensionInput), defaultValues: { reason: '' } });
  const change = useChangePersonSuspension({
    mutationConfig: {
      onSuccess: (changed) => {
        toast(
          suspending
            ? { title: COPY.suspendedTitle, description: COPY.suspendedDescription(nameOf(changed)) }
            : { title: COPY.reinstatedTitle, description: COPY.reinstatedDescription(nameOf(changed)) },
        );
        onDone();
      },
      onError: (error) => showRefusal(form, ['reason'], error, setFailure),
    },
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {suspending ? COPY.suspendTitle(nameOf(person)) : COPY.reinstateTitle(nameOf(person))}
        </DialogTitle>
        <DialogDescription>
          {suspending ? COPY.suspendDescription : COPY.reinstateDescription}
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        aria-busy={change.isPending}
        onSubmit={form.handleSubmit(({ reason }) => {
          setFailure(null);
          change.mutate({ userId: person.id, suspended: suspending, reason });
        })}
        className="grid gap-4"
      >
        <TextareaField
          form={form}
          id={`${id}-reason`}
          name="reason"
          label={COPY.reason}
          hint={COPY.reasonHint}
          maxLength={500}
          testId="input-suspension-reason"
        />
        {failure && <FormError>{failure}</FormError>}
        <FormActions
          pending={change.isPending}
          submitLabel={suspending ? COPY.confirmSuspend : COPY.confirmReinstate}
          submitTestId="button-confirm-suspension"
          onCancel={onDone}
          cancelLabel={COPY.cancel}
        />
      </form>
    </>
  );
}

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: COPY.roles[role] }));

function RoleForm({ person, onDone }: { person: AdminPerson; onDone: () => void }) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(changeRoleInput),
    defaultValues: { role: person.role, password: '', reason: undefined },
  });
  const { errors } = form.formState;
  const change = useChangePersonRole({
    mutationConfig: {
      onSuccess: (changed) => {
        toast({
          title: COPY.roleChangedTitle,
          description: COPY.roleChangedDescription(nameOf(changed), COPY.roles[changed.role]),
        });
        onDone();
      },
      onError: (error) => showRefusal(form, ['password', 'role', 'reason'], error, setFailure),
    },
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{COPY.roleTitle(nameOf(person))}</DialogTitle>
        <DialogDescription>{COPY.roleDescription}</DialogDescription>
      </DialogHeader>
      <form
        noValidate
        aria-busy={change.isPending}
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          change.mutate({ userId: person.id, ...values });
        })}
        className="grid gap-4"
      >
        <SelectField
          control={form.control}
          name="role"
          id={`${id}-role`}
          label={COPY.role}
          options={ROLE_OPTIONS}
          data-testid="select-person-role"
        />
        <FormField
          id={`${id}-password`}
          label={COPY.password}
          hint={COPY.passwordHint}
          error={errors.password}
        >
          {(describedBy) => (
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              data-testid="input-admin-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <TextareaField
          form={form}
          id={`${id}-reason`}
          name="reason"
          label={COPY.roleReason}
          maxLength={500}
          testId="input-role-reason"
          // Left empty, the reason is absent (it is optional), not an empty one.
          registerOptions={{ setValueAs: (value?: string) => value?.trim() || undefined }}
        />
        {failure && <FormError>{failure}</FormError>}
        <FormActions
          pending={change.isPending}
          submitLabel={COPY.confirmRole}
          submitTestId="button-confirm-role"
          onCancel={onDone}
          cancelLabel={COPY.cancel}
        />
      </form>
    </>
  );
}
