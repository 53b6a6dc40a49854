/** Resolves in a task of its own (a 0 ms timer): work after it yields to the browser first. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
