import { translateSelection } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';

/** A selection's market words in the page's language (the publishing form's own translations). */
export function useSelectionLabel(): (selection: string) => string {
  const { t } = useTranslation();
  return (selection) => translateSelection(selection, (word) => t(`backoffice.publish.sides.${word}`));
}
