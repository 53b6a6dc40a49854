import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASSES, Field } from '../../../components/ui/field';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { Input } from '../../../components/ui/input';
import { SendIcon } from '../../../components/ui/public-icons';
import { cx } from '../../../lib/cx';
import { type ContactMessage, canSendContact, useSendContactMessage } from '../api/contact-api';

const EMPTY: ContactMessage = { email: '', message: '', name: '', subject: '' };

/**
 * SPEC §2/§5 contact form. Nothing is sent unless the email looks like an address; the SPEC
 * shows no message then (nor on a failed send), so the fields at fault are only marked invalid.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const messageId = useId();
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [hasTried, setHasTried] = useState(false);
  const mutation = useSendContactMessage(() => setValues(EMPTY));

  const set = (field: keyof ContactMessage) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const isMissing = (field: keyof ContactMessage) => hasTried && values[field].trim() === '';
  const isEmailInvalid = hasTried && !canSendContact({ ...values, message: 'x', name: 'x', subject: 'x' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    if (!canSendContact(values) || mutation.isPending) return;
    mutation.mutate(values);
  };

  if (mutation.isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded-card border border-win/40 bg-win/8 p-6"
      >
        <CheckCircleIcon className="size-10 text-win" />
        <p className="font-display text-2xl font-extrabold uppercase tracking-wide">
          {t('contactPage.sentTitle')}
        </p>
        <p className="text-ink-muted">{t('contactPage.sent')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            mutation.reset();
            setHasTried(false);
          }}
        >
          {t('contactPage.another')}
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={t('contactPage.formTitle')}
    >
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <Input
          label={t('contactPage.name')}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={set('name')}
          aria-invalid={isMissing('name') || undefined}
          maxLength={100}
        />
        <Input
          label={t('contactPage.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={set('email')}
          aria-invalid={isEmailInvalid || undefined}
          maxLength={254}
        />
      </div>
      <Input
        label={t('contactPage.subject')}
        name="subject"
        required
        value={values.subject}
        onChange={set('subject')}
        aria-invalid={isMissing('subject') || undefined}
        maxLength={200}
      />
      <Field id={messageId} label={t('contactPage.message')}>
        <textarea
          id={messageId}
          name="message"
          required
          rows={7}
          value={values.message}
          onChange={set('message')}
          aria-invalid={isMissing('message') || undefined}
          maxLength={5000}
          className={cx(CONTROL_CLASSES, 'h-auto min-h-40 resize-y py-3')}
        />
      </Field>
      <Button
        type="submit"
        size="lg"
        isLoading={mutation.isPending}
        icon={<SendIcon className="size-5" />}
        className="self-start"
      >
        {t('contactPage.send')}
      </Button>
    </form>
  );
}
