/** A console screen while its route loader first runs (opened by address or reloaded). */
export function ScreenLoading({ title }: { title: string }) {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <p role="status" className="mt-4 text-muted">
        Loading…
      </p>
    </div>
  );
}
