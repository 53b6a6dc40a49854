import { z } from 'zod';
import { queryInt } from './query-params';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './rules/constants';
import { MAX_PAGE_NUMBER } from './rules/paging';

// Every paged API response has this shape (SPEC §3).
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    currentPage: z.int().min(1),
    pageSize: z.int().min(1),
    totalItems: z.int().min(0),
    totalPages: z.int().min(0),
    data: z.array(item),
  });
}

export const PageNumberSchema = queryInt({ name: 'pageNumber', min: 1, max: MAX_PAGE_NUMBER, default: 1 });

export function pageSizeSchema(defaultSize: number) {
  return queryInt({ name: 'pageSize', min: 1, max: MAX_PAGE_SIZE, default: defaultSize });
}

export function pageQuerySchema(defaultSize: number) {
  return z.object({ pageNumber: PageNumberSchema, pageSize: pageSizeSchema(defaultSize) });
}

export const PageQuerySchema = pageQuerySchema(PAGE_SIZES.tipsDefault);
export type PageQuery = z.infer<typeof PageQuerySchema>;
