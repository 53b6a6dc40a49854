import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { ClockIcon, MailIcon, TelegramIcon, UserIcon } from '../../../components/ui/icons';
import { ChatIcon } from '../../../components/ui/public-icons';
import { useSupportEmail } from '../../../lib/public-config';
import { CHAT_ID, MESSENGER_URL, TELEGRAM_HANDLE, TELEGRAM_URL } from '../../../lib/site';
import { ContactForm } from './contact-form';

interface Channel {
  key: string;
  icon: ReactNode;
  value: string;
  href?: string;
}

const channelsWith = (supportEmail: string): readonly Channel[] => [
  { key: 'telegram', icon: <TelegramIcon className="size-5" />, value: TELEGRAM_HANDLE, href: TELEGRAM_URL },
  {
    key: 'email',
    icon: <MailIcon className="size-5" />,
    value: supportEmail,
    href: `mailto:${supportEmail}`,
  },
  { key: 'chatId', icon: <UserIcon className="size-5" />, value: CHAT_ID },
  {
    key: 'messenger',
    icon: <ChatIcon className="size-5" />,
    value: MESSENGER_URL.replace(/^https:\/\//, ''),
    href: MESSENGER_URL,
  },
];

/** SPEC §2 /contact: the form beside the list of contact channels. */
export function ContactPage() {
  const { t } = useTranslation();
  const channels = channelsWith(useSupportEmail());
  return (
    <>
      <PageMeta title={t('pages.contact.title')} description={t('pages.contact.description')} />
      <PageHeader title={t('pages.contact.title')} lede={t('pages.contact.description')} />
      <Container className="grid grid-cols-1 gap-8 py-10 md:py-14 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12">
        <Card as="section" aria-labelledby="contact-form-title" className="flex flex-col gap-5">
          <h2
            id="contact-form-title"
            className="font-display text-2xl font-extrabold uppercase tracking-wide"
          >
            {t('contactPage.formTitle')}
          </h2>
          <ContactForm />
        </Card>
        <aside aria-labelledby="contact-channels" className="flex flex-col gap-4">
          <h2 id="contact-channels" className="font-display text-2xl font-extrabold uppercase tracking-wide">
            {t('contactPage.channelsTitle')}
          </h2>
          <ul className="flex flex-col gap-3">
            {channels.map((channel) => (
              <li key={channel.key}>
                <Card padded={false} className="flex items-center gap-4 p-4">
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/30">
                    {channel.icon}
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="text-xs font-bold uppercase tracking-[0.14em] text-ink-subtle">
                      {t(`contactPage.channels.${channel.key}`)}
                    </span>
                    {channel.href ? (
                      <a
                        href={channel.href}
                        target={channel.href.startsWith('mailto:') ? undefined : '_blank'}
                        rel="noopener noreferrer"
                        className="truncate font-semibold text-gold-200 underline-offset-4 hover:underline"
                      >
                        <bdi dir="ltr">{channel.value}</bdi>
                      </a>
                    ) : (
                      <bdi dir="ltr" className="truncate font-semibold text-ink">
                        {channel.value}
                      </bdi>
                    )}
                  </span>
                </Card>
              </li>
            ))}
          </ul>
          <p className="flex items-center gap-2 text-sm text-ink-muted">
            <ClockIcon className="size-4 text-gold-300" />
            {t('footer.hours')}
          </p>
        </aside>
      </Container>
    </>
  );
}
