import type App from '../../messages/en/App.json';
import type Auth from '../../messages/en/Auth.json';
import type Carousel from '../../messages/en/Carousel.json';
import type Comments from '../../messages/en/Comments.json';
import type Compose from '../../messages/en/Compose.json';
import type Errors from '../../messages/en/Errors.json';
import type Feed from '../../messages/en/Feed.json';
import type Home from '../../messages/en/Home.json';
import type Layout from '../../messages/en/Layout.json';
import type Metadata from '../../messages/en/Metadata.json';
import type Moderation from '../../messages/en/Moderation.json';
import type NotFound from '../../messages/en/NotFound.json';
import type Notifications from '../../messages/en/Notifications.json';
import type People from '../../messages/en/People.json';
import type Post from '../../messages/en/Post.json';
import type PostDetail from '../../messages/en/PostDetail.json';
import type Profile from '../../messages/en/Profile.json';
import type Safety from '../../messages/en/Safety.json';
import type Search from '../../messages/en/Search.json';
import type Shell from '../../messages/en/Shell.json';

/**
 * One messages file per namespace and locale (`messages/<locale>/<Namespace>.json`), so each area of the app
 * keeps its own strings. The English files give the types: a typo in a key fails `next build`.
 */
export interface Messages {
  App: typeof App;
  Auth: typeof Auth;
  Carousel: typeof Carousel;
  Comments: typeof Comments;
  Compose: typeof Compose;
  Errors: typeof Errors;
  Feed: typeof Feed;
  Home: typeof Home;
  Layout: typeof Layout;
  Metadata: typeof Metadata;
  Moderation: typeof Moderation;
  NotFound: typeof NotFound;
  Notifications: typeof Notifications;
  People: typeof People;
  Post: typeof Post;
  PostDetail: typeof PostDetail;
  Profile: typeof Profile;
  Safety: typeof Safety;
  Search: typeof Search;
  Shell: typeof Shell;
}

export type Namespace = keyof Messages;

export const namespaces = [
  'App',
  'Auth',
  'Carousel',
  'Comments',
  'Compose',
  'Errors',
  'Feed',
  'Home',
  'Layout',
  'Metadata',
  'Moderation',
  'NotFound',
  'Notifications',
  'People',
  'Post',
  'PostDetail',
  'Profile',
  'Safety',
  'Search',
  'Shell',
] as const satisfies readonly Namespace[];
