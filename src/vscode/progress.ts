// Long work: a cancellable notification whose cancellation reaches the HTTP request.
import { withNotificationProgress } from './ui/notify';

export async function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withNotificationProgress(title, (_progress, signal) => work(signal));
}
