import { MessagesView } from '#client/features/conversations/messages-view.js';

export default function MessagesPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Messages</h1>
      <MessagesView />
    </div>
  );
}
