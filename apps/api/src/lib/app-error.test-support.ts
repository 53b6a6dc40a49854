import { expect } from 'vitest';
import { AppError } from './app-error';

/** The AppError a promise rejects with (fails the test when it resolves or throws anything else). */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
