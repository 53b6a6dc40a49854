import { BIO_PREVIEW_CHARS } from '@tips/contract/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §2: the first 100 characters of the bio, with 'Read more...' / 'Show less'. */
export function bioPreview(bio: string): { preview: string; isTruncated: boolean } {
  if (bio.length <= BIO_PREVIEW_CHARS) return { preview: bio, isTruncated: false };
  return { preview: `${bio.slice(0, BIO_PREVIEW_CHARS).trimEnd()}…`, isTruncated: true };
}

export function TipsterBio({ bio }: { bio: string }) {
  const { t } = useTranslation();
  const textId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const { preview, isTruncated } = bioPreview(bio);
  if (!bio.trim()) return <p className="text-ink-muted">{t('tipsterProfile.noBio')}</p>;
  return (
    <div className="flex flex-col items-start gap-2">
      <p id={textId} className="text-ink-muted">
        {isExpanded || !isTruncated ? bio : preview}
      </p>
      {isTruncated ? (
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={textId}
          onClick={() => setIsExpanded((expanded) => !expanded)}
          className="text-sm font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200"
        >
          {isExpanded ? t('tipsterProfile.showLess') : t('tipsterProfile.readMore')}
        </button>
      ) : null}
    </div>
  );
}
