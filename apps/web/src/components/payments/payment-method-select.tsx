import { CREDITS_METHOD, PAYPAL_METHOD, paymentMethodName } from '@tips/contract/rules';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../ui/select';

interface PaymentMethodSelectProps
  extends Omit<ComponentProps<typeof Select>, 'options' | 'onChange' | 'value'> {
  methods: readonly number[];
  value: number;
  onChange: (method: number) => void;
}

/** The payment-option dropdown; its values are SPEC §9's method numbers. */
export function PaymentMethodSelect({ methods, value, onChange, ...rest }: PaymentMethodSelectProps) {
  const { t } = useTranslation();
  const label = (method: number) => {
    if (method === PAYPAL_METHOD) return t('account.methods.paypal');
    if (method === CREDITS_METHOD) return t('account.methods.credits');
    // The others are brand names, the same in every language.
    return paymentMethodName(method);
  };
  return (
    <Select
      {...rest}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      options={methods.map((method) => ({ value: String(method), label: label(method) }))}
    />
  );
}
