import { PurchaseRequestFieldsSchema } from '@tips/contract/commerce.schemas';
import type { z } from 'zod';
import type { UserProfile } from '../../lib/user-profile';

// The same rules the API applies to POST /tips/purchase, minus what the page adds itself.
export const BuyerDetailsSchema = PurchaseRequestFieldsSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  country: true,
  mobile: true,
});
export type BuyerDetails = z.infer<typeof BuyerDetailsSchema>;

export const EMPTY_BUYER_DETAILS: BuyerDetails = {
  firstName: '',
  lastName: '',
  email: '',
  country: '',
  mobile: '',
};

/** The account's details, to pre-fill the form. */
export function buyerDetailsOf(profile: UserProfile | undefined): BuyerDetails {
  if (!profile) return EMPTY_BUYER_DETAILS;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    country: profile.country,
    mobile: profile.phone,
  };
}
