import type { Role } from '@tips/contract/users.schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { firstErrorMessage } from '../../../../lib/api-errors';
import { formatCredits } from '../../../../lib/backoffice-format';
import { toast } from '../../../../stores/toast-store';
import { useAdjustCredits, useLinkTipster, useSetRoles } from '../../api/users-api';
import { ErrorNote, TextArea } from '../form-controls';

const GRANTABLE: readonly Role[] = ['tipster', 'admin'];

function useFailure() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error ? (firstErrorMessage(error) ?? t('backoffice.common.failed')) : undefined;
}

/** Role toggles; 'user' is every account's and stays. */
export function RolesForm({ userId, roles }: { userId: number; roles: readonly string[] }) {
  const { t } = useTranslation();
  const failure = useFailure();
  const setRoles = useSetRoles(userId);
  const [selected, setSelected] = useState(() => new Set(roles));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Role[] = ['user', ...GRANTABLE.filter((role) => selected.has(role))];
    try {
      await setRoles.mutateAsync(next);
      toast.success(t('backoffice.common.saved'));
    } catch {
      // Shown below.
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <ErrorNote message={failure(setRoles.error)} />
      <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <legend className="sr-only">{t('backoffice.users.roles')}</legend>
        {GRANTABLE.map((role) => (
          <label key={role} className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
            <input
              type="checkbox"
              className="size-5 accent-gold-400"
              checked={selected.has(role)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(role);
                else next.delete(role);
                setSelected(next);
              }}
            />
            {t(`backoffice.roles.${role}`)}
          </label>
        ))}
        <Button type="submit" size="sm" variant="secondary" isLoading={setRoles.isPending}>
          {t('backoffice.common.save')}
        </Button>
      </fieldset>
    </form>
  );
}

export function TipsterLinkForm({ userId, tipsterId }: { userId: number; tipsterId: number | null }) {
  const { t } = useTranslation();
  const failure = useFailure();
  const link = useLinkTipster(userId);
  const [draft, setDraft] = useState(tipsterId ? String(tipsterId) : '');
  const [error, setError] = useState<string>();

  async function save(next: number | null) {
    try {
      await link.mutateAsync(next);
      toast.success(t('backoffice.common.saved'));
    } catch {
      // Shown below.
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = Number(draft);
    if (!Number.isInteger(id) || id <= 0) {
      setError(t('backoffice.users.tipsterIdInvalid'));
      return;
    }
    setError(undefined);
    void save(id);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <ErrorNote message={failure(link.error)} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-40">
          <Input
            label={t('backoffice.users.tipsterId')}
            inputMode="numeric"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" size="sm" variant="secondary" isLoading={link.isPending}>
          {t('backoffice.users.link')}
        </Button>
        {tipsterId ? (
          <Button size="sm" variant="ghost" onClick={() => save(null)} disabled={link.isPending}>
            {t('backoffice.users.unlink')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `adj-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A signed ledger entry with a required reason; a retried request reuses its idempotency key. */
export function AdjustCreditsForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const failure = useFailure();
  const adjust = useAdjustCredits(userId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    const next: typeof errors = {};
    if (
      !amount.trim() ||
      !Number.isFinite(value) ||
      value === 0 ||
      Math.abs(Math.round(value * 100) - value * 100) > 1e-6
    ) {
      next.amount = t('backoffice.users.amountInvalid');
    }
    if (reason.trim().length < 3) next.reason = t('backoffice.common.reasonRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const response = await adjust.mutateAsync({ amount: value, reason: reason.trim(), idempotencyKey });
      toast.success(t('backoffice.users.adjusted', { value: formatCredits(response.balance) }));
      setAmount('');
      setReason('');
      setIdempotencyKey(newKey());
    } catch {
      // Shown below.
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 md:grid-cols-[10rem_1fr_auto] md:items-start">
      <div className="md:col-span-3">
        <ErrorNote message={failure(adjust.error)} />
      </div>
      <Input
        label={t('backoffice.common.amount')}
        hint={t('backoffice.users.amountHint')}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
      />
      <TextArea
        label={t('backoffice.common.reason')}
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
      />
      <Button type="submit" variant="secondary" className="md:mt-7" isLoading={adjust.isPending}>
        {t('backoffice.users.apply')}
      </Button>
    </form>
  );
}
