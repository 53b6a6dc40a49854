import type { AdminTipster } from '@tips/contract/admin-tipsters.schemas';
import { PERSON_TIERS, type PersonTier, TIER_RULES } from '@tips/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { firstErrorMessage } from '../../../lib/api-errors';
import { toast } from '../../../stores/toast-store';
import { useSetTipsterTier } from '../api/tipsters-api';
import { ErrorNote, TextArea } from './form-controls';

const TIER_KEYS: Record<PersonTier, string> = { NOVICE: 'novice', SENIOR: 'senior', PREMIUM: 'premium' };

/** Moves a person tipster to another tier, with the reason the tipster is emailed (decision 165). */
export function TipsterTierDialog({ tipster, onClose }: { tipster: AdminTipster; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const setTier = useSetTipsterTier();
  const others = PERSON_TIERS.filter((tier) => tier !== tipster.category);
  const [category, setCategory] = useState<PersonTier>(others[0]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError(t('backoffice.tipsters.tierReasonRequired'));
      return;
    }
    setReasonError(undefined);
    try {
      await setTier.mutateAsync({ id: tipster.id, body: { category, reason: reason.trim() } });
      toast.success(t('backoffice.tipsters.tierChanged'));
      onClose();
    } catch {
      // Shown from setTier.error.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      title={t('backoffice.tipsters.tierTitle', { name: tipster.name })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={setTier.isPending}>
            {t('backoffice.tipsters.tierSubmit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorNote
          message={
            setTier.isError ? (firstErrorMessage(setTier.error) ?? t('backoffice.common.failed')) : undefined
          }
        />
        <p className="text-sm text-ink-muted">
          {t('backoffice.tipsters.tierCurrent', {
            tier: t(`tipsterCategory.${TIER_KEYS[tipster.category as PersonTier]}`),
          })}
        </p>
        <Select
          label={t('backoffice.tipsters.tierNew')}
          value={category}
          options={others.map((value) => ({ value, label: t(`tipsterCategory.${TIER_KEYS[value]}`) }))}
          onChange={(e) => setCategory(e.target.value as PersonTier)}
        />
        <TextArea
          label={t('backoffice.tipsters.tierReason')}
          hint={t('backoffice.tipsters.tierHint', { n: TIER_RULES.adminHoldDays })}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
          error={reasonError}
        />
      </form>
    </Modal>
  );
}
