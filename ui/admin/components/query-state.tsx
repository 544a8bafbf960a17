// The loading and error states every admin section shows while its data is not there.
import { messages } from '../messages/catalog.ts';

export function LoadingState({ label = messages.common.loading }: { label?: string }) {
  return (
    <p className="admin-muted" role="status">
      {label}
    </p>
  );
}

export function ErrorState({
  error,
  onRetry,
  text = messages.common.loadFailed,
  retryLabel = messages.common.retry,
}: {
  error: unknown;
  onRetry(): void;
  text?: string;
  retryLabel?: string;
}) {
  return (
    <div className="admin-error-state" role="alert">
      <p>{text}</p>
      <p className="admin-muted">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="admin-button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
