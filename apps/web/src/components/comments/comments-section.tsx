import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { CommentsProps } from './comments';
import { CommentsIsland } from './comments-island';

/**
 * A post's comments on its page (ADR 084): the island, with the messages it and its lazily loaded list read.
 * They travel with the post page alone, not with every page as the layout's client namespaces do.
 */
export async function CommentsSection(props: CommentsProps) {
  const messages = await getMessages();
  return (
    // Safety: each other's comment carries the … menu (report, mute, block).
    <NextIntlClientProvider
      messages={{ Comments: messages.Comments, Errors: messages.Errors, Post: messages.Post, Safety: messages.Safety }}
    >
      {/* Another post's comments start afresh: nothing written for one is left in the composer of the next. */}
      <CommentsIsland key={props.postId} {...props} />
    </NextIntlClientProvider>
  );
}
