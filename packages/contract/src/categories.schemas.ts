import { z } from 'zod';
import { caseInsensitivePattern, documentedParameter } from './query-params';
import { TIP_CATEGORY_FILTERS, TIPSTER_CATEGORIES } from './rules/categories';

export const TipsterCategorySchema = z.enum(TIPSTER_CATEGORIES);

export const TipCategoryFilterSchema = documentedParameter(
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(TIP_CATEGORY_FILTERS, { error: 'category must be one of: all, senior, premium, other' })),
  {
    schema: { type: 'string', pattern: caseInsensitivePattern(TIP_CATEGORY_FILTERS) },
    allowEmptyValue: true,
  },
);
