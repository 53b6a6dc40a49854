import {
  addMonths,
  SELF_EXCLUSION_MAX_MONTHS,
  SELF_EXCLUSION_MIN_MONTHS,
  TIME_OUT_MAX_HOURS,
  TIME_OUT_MIN_HOURS,
} from '@tips/contract/rules';
import type { SaferGamblingState, SpendingLimitView } from '@tips/contract/safer-gambling.schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { apiErrorStatus } from '../../../lib/api-errors';
import { formatPrice, useFormatKickOff } from '../../../lib/tip-format';
import { toast } from '../../../stores/toast-store';
import { useSaferGambling, useSelfExclude, useSetLimit, useStartTimeOut } from '../api/safer-gambling-api';

const TIME_OUT_HOURS = [24, 72, 7 * 24, 14 * 24, 42 * 24].filter(
  (hours) => hours >= TIME_OUT_MIN_HOURS && hours <= TIME_OUT_MAX_HOURS,
);
const EXCLUSION_MONTHS = [6, 12, 24, 60].filter(
  (months) => months >= SELF_EXCLUSION_MIN_MONTHS && months <= SELF_EXCLUSION_MAX_MONTHS,
);

function LimitRow({ limit }: { limit: SpendingLimitView }) {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const setLimit = useSetLimit();
  const [value, setValue] = useState(limit.limit === null ? '' : String(limit.limit));

  function save(amount: number | null) {
    setLimit.mutate(
      { period: limit.period, limit: amount },
      {
        onSuccess: () => toast.success(t('saferGambling.limitSaved')),
        onError: (error) =>
          toast.error(
            t(apiErrorStatus(error) === 400 ? 'saferGambling.limitInvalid' : 'saferGambling.failed'),
          ),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save(value.trim() === '' ? null : Number(value));
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 border-t border-line pt-4 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-end gap-3">
        <Input
          label={t(`saferGambling.period.${limit.period}`)}
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          value={value}
          placeholder={t('saferGambling.noLimit')}
          onChange={(event) => setValue(event.target.value)}
          className="w-40"
          data-testid={`limit-${limit.period}`}
        />
        <Button type="submit" size="sm" isLoading={setLimit.isPending}>
          {t('saferGambling.save')}
        </Button>
        {limit.limit !== null ? (
          <Button variant="ghost" size="sm" onClick={() => save(null)} disabled={setLimit.isPending}>
            {t('saferGambling.removeLimit')}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted" data-testid={`limit-status-${limit.period}`}>
        {limit.limit === null
          ? t('saferGambling.noLimitSet', { spent: formatPrice(limit.spent) })
          : t('saferGambling.limitInForce', {
              limit: formatPrice(limit.limit),
              spent: formatPrice(limit.spent),
            })}
        {limit.pending ? (
          <>
            {' '}
            {limit.pending.limit === null
              ? t('saferGambling.pendingRemoval', { date: formatKickOff(limit.pending.from) })
              : t('saferGambling.pendingRaise', {
                  limit: formatPrice(limit.pending.limit),
                  date: formatKickOff(limit.pending.from),
                })}
          </>
        ) : null}
      </p>
    </form>
  );
}

type BlockKind = 'TIME_OUT' | 'SELF_EXCLUSION';

/**
 * Issue #30.2: a time-out or self-exclusion starts only after a dialog has said what it does, for
 * how long, until when, and that nobody can end it early.
 */
function ConfirmBlockDialog({
  kind,
  length,
  endsAt,
  isPending,
  onConfirm,
  onClose,
}: {
  kind: BlockKind | null;
  length: string;
  endsAt: Date;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const isTimeOut = kind === 'TIME_OUT';
  return (
    <Modal
      open={kind !== null}
      onClose={onClose}
      closeLabel={t('common.close')}
      title={t(isTimeOut ? 'saferGambling.confirmTimeOutTitle' : 'saferGambling.confirmExclusionTitle')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('saferGambling.cancel')}
          </Button>
          <Button variant={isTimeOut ? 'secondary' : 'danger'} isLoading={isPending} onClick={onConfirm}>
            {t(isTimeOut ? 'saferGambling.confirmTimeOut' : 'saferGambling.confirmExclusion')}
          </Button>
        </>
      }
    >
      <p className="text-ink">
        {t(isTimeOut ? 'saferGambling.confirmTimeOutText' : 'saferGambling.confirmExclusionText', {
          length,
          date: formatKickOff(endsAt),
        })}
      </p>
    </Modal>
  );
}

function BlockForms({ state }: { state: SaferGamblingState }) {
  const { t } = useTranslation();
  const timeOut = useStartTimeOut();
  const exclude = useSelfExclude();
  const [hours, setHours] = useState(String(TIME_OUT_HOURS[0]));
  const [months, setMonths] = useState(String(EXCLUSION_MONTHS[0]));
  const [isUnderstood, setIsUnderstood] = useState(false);
  const [confirming, setConfirming] = useState<BlockKind | null>(null);
  const close = () => setConfirming(null);
  // The one business refusal here is a block that would shorten the active one.
  const onError = (error: unknown) => {
    close();
    toast.error(t(apiErrorStatus(error) === 422 ? 'saferGambling.cannotShorten' : 'saferGambling.failed'));
  };
  const isExcluded = state.block?.kind === 'SELF_EXCLUSION';
  const now = new Date();

  function confirm() {
    if (confirming === 'TIME_OUT') {
      timeOut.mutate(
        { hours: Number(hours) },
        {
          onSuccess: () => {
            close();
            toast.success(t('saferGambling.timeOutStarted'));
          },
          onError,
        },
      );
    } else {
      exclude.mutate(
        { months: Number(months) },
        {
          onSuccess: () => {
            close();
            toast.success(t('saferGambling.exclusionStarted'));
          },
          onError,
        },
      );
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card as="section" aria-labelledby="time-out-title" className="flex flex-col gap-3">
        <h3
          id="time-out-title"
          className="font-display text-xl font-bold uppercase tracking-wide text-gold-200"
        >
          {t('saferGambling.timeOutTitle')}
        </h3>
        <p className="text-sm text-ink-muted">{t('saferGambling.timeOutIntro')}</p>
        <Select
          label={t('saferGambling.length')}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          options={TIME_OUT_HOURS.map((value) => ({
            value: String(value),
            label: t(`saferGambling.hours.h${value}`),
          }))}
        />
        <Button
          variant="secondary"
          className="w-fit"
          disabled={isExcluded}
          onClick={() => setConfirming('TIME_OUT')}
        >
          {t('saferGambling.startTimeOut')}
        </Button>
      </Card>
      <Card as="section" aria-labelledby="exclusion-title" className="flex flex-col gap-3">
        <h3
          id="exclusion-title"
          className="font-display text-xl font-bold uppercase tracking-wide text-gold-200"
        >
          {t('saferGambling.exclusionTitle')}
        </h3>
        <p className="text-sm text-ink-muted">{t('saferGambling.exclusionIntro')}</p>
        <Select
          label={t('saferGambling.length')}
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          options={EXCLUSION_MONTHS.map((value) => ({
            value: String(value),
            label: t(`saferGambling.months.m${value}`),
          }))}
        />
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={isUnderstood}
            onChange={(event) => setIsUnderstood(event.target.checked)}
            className="mt-1 size-4 accent-gold-400"
          />
          {t('saferGambling.exclusionConfirm')}
        </label>
        <Button
          variant="danger"
          className="w-fit"
          disabled={!isUnderstood}
          onClick={() => setConfirming('SELF_EXCLUSION')}
        >
          {t('saferGambling.startExclusion')}
        </Button>
      </Card>
      <ConfirmBlockDialog
        kind={confirming}
        length={
          confirming === 'TIME_OUT'
            ? t(`saferGambling.hours.h${hours}`)
            : t(`saferGambling.months.m${months}`)
        }
        endsAt={
          confirming === 'TIME_OUT'
            ? new Date(now.getTime() + Number(hours) * 3600_000)
            : addMonths(now, Number(months))
        }
        isPending={timeOut.isPending || exclude.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </div>
  );
}

/** The signed-in user's tools: the current state, the three limits, a time-out and self-exclusion. */
export function SaferGamblingTools() {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const state = useSaferGambling();
  if (!state.data) {
    return state.isError ? <p className="text-loss">{t('saferGambling.failed')}</p> : <Spinner />;
  }
  const { block } = state.data;
  return (
    <div className="flex flex-col gap-6">
      {block ? (
        <p
          role="status"
          className="rounded-xl border border-loss/40 bg-loss/10 p-4 text-ink"
          data-testid="block-status"
        >
          {t(`saferGambling.blockActive.${block.kind}`, { date: formatKickOff(block.endsAt) })}
        </p>
      ) : null}
      <Card as="section" aria-labelledby="limits-title" className="flex flex-col gap-4">
        <h3
          id="limits-title"
          className="font-display text-xl font-bold uppercase tracking-wide text-gold-200"
        >
          {t('saferGambling.limitsTitle')}
        </h3>
        <p className="text-sm text-ink-muted">{t('saferGambling.limitsIntro')}</p>
        {state.data.limits.map((limit) => (
          <LimitRow key={`${limit.period}-${limit.limit}-${limit.pending?.from ?? ''}`} limit={limit} />
        ))}
      </Card>
      <BlockForms state={state.data} />
    </div>
  );
}
