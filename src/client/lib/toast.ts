// Toasts. The toast library loads with the first message, so the home page does not carry it.
type Kind = 'success' | 'error' | 'info';

let resolveMounted: () => void;
const mounted = new Promise<void>((resolve) => (resolveMounted = resolve));

/** Called by the Toaster once it is on screen; toasts raised before that wait for it. */
export const markToasterMounted = () => resolveMounted();

function show(kind: Kind, message: string) {
  window.dispatchEvent(new CustomEvent('app:toast'));
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => toast[kind](message));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
