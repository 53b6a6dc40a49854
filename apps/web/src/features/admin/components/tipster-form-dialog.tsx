import type { AdminTipster } from '@tips/contract/admin-tipsters.schemas';
import { TIPSTER_CATEGORIES, type TipsterCategory } from '@tips/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { firstErrorMessage } from '../../../lib/api-errors';
import { toast } from '../../../stores/toast-store';
import { useSaveTipster } from '../api/tipsters-api';
import { ErrorNote, TextArea } from './form-controls';
import { TipsterPhoto } from './tipster-photo';

const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Creates a tipster profile or edits one, photo included. */
export function TipsterFormDialog({
  tipster,
  onClose,
}: {
  tipster: AdminTipster | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const save = useSaveTipster();
  const [name, setName] = useState(tipster?.name ?? '');
  const [category, setCategory] = useState<TipsterCategory>(tipster?.category ?? 'SENIOR');
  const [location, setLocation] = useState(tipster?.location ?? '');
  const [bio, setBio] = useState(tipster?.bio ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; photo?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('backoffice.form.required');
    if (photo && photo.size > MAX_PHOTO_BYTES) next.photo = t('backoffice.tipsters.photoTooLarge');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save.mutateAsync({
        id: tipster?.id ?? null,
        body: { name: name.trim(), category, location: location.trim(), bio: bio.trim() },
        photo,
      });
      toast.success(t('backoffice.common.saved'));
      onClose();
    } catch {
      // Shown from save.error.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      title={tipster ? tipster.name : t('backoffice.tipsters.create')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={save.isPending}>
            {t('backoffice.common.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorNote
          message={
            save.isError ? (firstErrorMessage(save.error) ?? t('backoffice.common.failed')) : undefined
          }
        />
        <Input
          label={t('backoffice.common.name')}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <Select
          label={t('backoffice.tipsters.category')}
          value={category}
          options={TIPSTER_CATEGORIES.map((value) => ({ value, label: value }))}
          onChange={(e) => setCategory(e.target.value as TipsterCategory)}
        />
        <Input
          label={t('backoffice.tipsters.location')}
          value={location}
          maxLength={100}
          onChange={(e) => setLocation(e.target.value)}
        />
        <TextArea
          label={t('backoffice.tipsters.bio')}
          rows={5}
          maxLength={5000}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
        />
        <div className="flex items-end gap-3">
          {tipster ? <TipsterPhoto tipster={tipster} /> : null}
          <div className="flex-1">
            <Input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              label={t('backoffice.tipsters.photo')}
              hint={t('backoffice.tipsters.photoHint')}
              className="py-2 file:me-3 file:rounded-full file:border-0 file:bg-gold-400/15 file:px-3 file:py-1 file:text-gold-200"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
              error={errors.photo}
            />
          </div>
        </div>
      </form>
    </Modal>
  );
}
