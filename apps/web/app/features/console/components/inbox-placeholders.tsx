/** What the inbox shows where a conversation would be: none chosen, none such, or on its way. */

export function NoConversationChosen() {
  return (
    <div className="grid flex-1 place-items-center p-8 text-center">
      <div>
        <h2 className="text-xl font-bold text-ink">Choose a conversation</h2>
        <p className="mt-2 max-w-sm text-muted">
          Pick a visitor on the left to read and answer.{" "}
          <span className="whitespace-nowrap">Alt + ↓</span> and{" "}
          <span className="whitespace-nowrap">Alt + ↑</span> move through the list.
        </p>
      </div>
    </div>
  );
}

export function NoSuchConversation() {
  return (
    <div className="grid flex-1 place-items-center p-8 text-center">
      <div>
        <h1 className="text-xl font-bold text-ink">There is no such conversation</h1>
        <p className="mt-2 text-muted">
          The address may be mistyped. Choose a conversation from the list instead.
        </p>
      </div>
    </div>
  );
}

export function LoadingConversation() {
  return (
    <div className="grid flex-1 place-items-center p-8 text-center">
      <p role="status" className="text-muted">
        Loading the conversation…
      </p>
    </div>
  );
}
