// Lets code outside React (the API client, session handling) navigate through the router
// without importing it, which would create an import cycle through the lazy routes.

export interface NavigateOptions {
  replace?: boolean;
}
export type Navigate = (to: string, options?: NavigateOptions) => void;

const navigateByDocument: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let currentNavigate: Navigate = navigateByDocument;

export function setNavigator(navigate: Navigate | null): void {
  currentNavigate = navigate ?? navigateByDocument;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  currentNavigate(to, options);
}
