import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { htmlLangOf } from '../../lib/language';
import { CheckCircleIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { switchLanguage, useCurrentLanguage, useLanguageModal } from './language-switch';

/** The 18 languages (SPEC §2). Loaded only when opened, so it costs the landing page nothing. */
export function LanguageModal() {
  const { t, i18n } = useTranslation();
  const close = useLanguageModal((state) => state.close);
  const current = useCurrentLanguage();

  const choose = (language: Language) => {
    close();
    if (language !== current) switchLanguage(language, (next) => void i18n.changeLanguage(htmlLangOf(next)));
  };

  return (
    <Modal
      open
      onClose={close}
      title={t('language.title')}
      description={t('language.description')}
      closeLabel={t('common.close')}
      size="lg"
    >
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {LANGUAGES.map((language) => {
          const isCurrent = language === current;
          return (
            <li key={language}>
              <button
                type="button"
                lang={htmlLangOf(language)}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => choose(language)}
                className={cx(
                  'flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2.5 text-start text-sm transition-colors',
                  isCurrent
                    ? 'border-gold-400 bg-gold-400/10 text-gold-100'
                    : 'border-line hover:border-line-strong hover:bg-white/5',
                )}
              >
                <span className="flex flex-col">
                  <span className="font-semibold">{LANGUAGE_NAMES[language]}</span>
                  <span className="text-xs uppercase tracking-wide text-ink-subtle">{language}</span>
                </span>
                {isCurrent ? <CheckCircleIcon className="size-5 shrink-0 text-gold-300" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
