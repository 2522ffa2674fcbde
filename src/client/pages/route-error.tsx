import { Component, type ReactNode } from 'react';

/** Shown when a screen fails to load or render (a stale deploy, a lost connection). */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };
  componentDidUpdate(previous: { resetKey: string }) {
    // Moving to another page clears the error.
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-stone-900">Unexpected Application Error!</h1>
        <p className="mt-4 text-stone-700">Something went wrong loading this page. Check your connection and try again.</p>
        <div className="mt-6 flex gap-4">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="font-semibold text-brand-800 underline underline-offset-4"
          >
            Reload
          </button>
          <a href="/" className="font-semibold text-brand-800 underline underline-offset-4">
            Return to Home
          </a>
        </div>
      </div>
    );
  }
}
