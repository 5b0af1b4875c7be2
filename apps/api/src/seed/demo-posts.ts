import type { PaletteName, SceneKind } from './artwork.js';
import type { DemoName } from './demo-names.js';

/** Pictures of a demo citizen: a profile picture and a cover. */
export const demoLooks: Record<DemoName, { palette: PaletteName; cover: SceneKind }> = {
  alice: { palette: 'dawn', cover: 'mountains' },
  bob: { palette: 'desert', cover: 'sea' },
  carol: { palette: 'night', cover: 'city' },
  dave: { palette: 'rose', cover: 'hills' },
  erin: { palette: 'meadow', cover: 'mountains' },
  frank: { palette: 'ocean', cover: 'city' },
  grace: { palette: 'dusk', cover: 'bokeh' },
  heidi: { palette: 'mint', cover: 'waves' },
};

export interface DemoPost {
  author: DemoName;
  /** Hashtags and @mentions are written in the caption, as a citizen would. */
  caption: string;
  scene: SceneKind;
  palette: PaletteName;
  /** 1080 wide; the height follows from the aspect (square, portrait 4:5, landscape 3:2). */
  aspect: 'square' | 'portrait' | 'landscape';
  altText: string;
  sharing?: 'public' | 'private';
  externalLink?: string;
  /** Curated onto these countries' main stages. */
  stage?: string[];
  /** Demo citizens who like it (private posts: friends of the author only). */
  likedBy?: DemoName[];
  /** Comments under it, oldest first, each with its replies (ADR 084); `@name` mentions are linked. */
  comments?: DemoComment[];
  /** More pictures after the first, as an album (ADR 086), drawn at the post's aspect. */
  album?: { scene: SceneKind; palette: PaletteName; altText: string }[];
}

export interface DemoComment {
  by: DemoName;
  text: string;
  replies?: { by: DemoName; text: string }[];
}

export const aspectHeights = { square: 1080, portrait: 1350, landscape: 720 } as const;

export const demoPosts: readonly DemoPost[] = [
  {
    author: 'alice',
    caption: 'First light over the fells. Worth the 5am alarm. #landscape #GoldenHour #LakeDistrict',
    scene: 'mountains',
    palette: 'dusk',
    aspect: 'landscape',
    altText: 'Layered purple mountain ridges under a pink dawn sky with a low golden sun',
    stage: ['GB', 'DE'],
    likedBy: ['bob', 'carol', 'dave', 'grace', 'heidi'],
    comments: [
      {
        by: 'bob',
        text: 'That ridge line! Which fell were you on?',
        replies: [{ by: 'alice', text: '@bob Cat Bells, up in the dark with a head torch 🔦' }],
      },
      { by: 'grace', text: 'The colours are unreal. Saving this for my next trip north.' },
      { by: 'heidi', text: 'Goals. One day I will get up at 5am too.' },
    ],
  },
  {
    author: 'alice',
    caption: 'Walked the coast path with @bob today, 14 miles and one very muddy dog. #hiking #coast',
    scene: 'sea',
    palette: 'dawn',
    aspect: 'portrait',
    altText: 'Calm lilac sea at sunrise with the sun reflected in a line of glints',
    likedBy: ['bob', 'erin'],
    album: [
      { scene: 'waves', palette: 'ocean', altText: 'Rolling blue waves breaking against the shore under a pale sky' },
      { scene: 'hills', palette: 'meadow', altText: 'Green clifftop hills with a few round trees by the coast path' },
    ],
  },
  {
    author: 'alice',
    caption: 'Planning next month. Friends only for now 🤫 #plans',
    scene: 'hills',
    palette: 'meadow',
    aspect: 'square',
    altText: 'Green rolling hills with a few round trees under a bright sky',
    sharing: 'private',
    likedBy: ['bob'],
  },
  {
    author: 'alice',
    caption: 'Route notes and the map I used are on my blog. #landscape #hiking',
    scene: 'mountains',
    palette: 'night',
    aspect: 'landscape',
    altText: 'Dark blue mountains under a night sky with a pale moon',
    externalLink: 'https://en.wikipedia.org/wiki/Lake_District',
  },
  {
    author: 'bob',
    caption: 'Sourdough number 112. The crumb is finally right. #baking #sourdough',
    scene: 'bokeh',
    palette: 'desert',
    aspect: 'square',
    altText: 'Warm orange background with soft glowing circles of light',
    stage: ['GB'],
    likedBy: ['alice', 'heidi', 'frank'],
    comments: [
      {
        by: 'dave',
        text: 'Magnifique. Quelle hydratation ?',
        replies: [{ by: 'bob', text: '@dave 78%, and a long cold proof overnight.' }],
      },
      { by: 'alice', text: 'Save me a slice please 🍞' },
    ],
  },
  {
    author: 'bob',
    caption: 'Brighton seafront on two wheels, thanks @alice for the route! #cycling #Brighton',
    scene: 'sea',
    palette: 'ocean',
    aspect: 'landscape',
    altText: 'Deep blue evening sea with a peach sun just above the horizon',
    externalLink: 'https://en.wikipedia.org/wiki/Brighton',
    likedBy: ['alice', 'dave', 'heidi'],
  },
  {
    author: 'bob',
    caption: 'Test bake for Saturday, tell me honestly @carol. #baking',
    scene: 'waves',
    palette: 'rose',
    aspect: 'portrait',
    altText: 'Soft pink wavy bands layered from light to dark',
    sharing: 'private',
    likedBy: ['alice', 'carol'],
  },
  {
    author: 'carol',
    caption: 'Kreuzberg after the rain. #Berlin #streetphotography #Stadt',
    scene: 'city',
    palette: 'night',
    aspect: 'portrait',
    altText: 'Night city skyline with lit windows and a pale moon',
    stage: ['DE'],
    likedBy: ['alice', 'bob', 'frank', 'dave'],
  },
  {
    author: 'carol',
    caption: 'Spreeufer, Sonntagmorgen. #Berlin #Sonntag',
    scene: 'sea',
    palette: 'mint',
    aspect: 'landscape',
    altText: 'Teal river water under a green and blue morning sky',
    stage: ['DE'],
    likedBy: ['frank'],
  },
  {
    author: 'carol',
    caption: 'Contact sheet from the Tempelhof shoot, only for friends. @bob you are in three of them #film',
    scene: 'bokeh',
    palette: 'night',
    aspect: 'square',
    altText: 'Dark blue background with scattered pale circles of light',
    sharing: 'private',
    likedBy: ['bob', 'dave'],
  },
  {
    author: 'dave',
    caption: 'Marché du dimanche à Lyon. #cuisine #Lyon #marché',
    scene: 'hills',
    palette: 'desert',
    aspect: 'square',
    altText: 'Golden hills under an orange sky with small dark trees',
    stage: ['FR'],
    likedBy: ['carol', 'alice', 'erin'],
  },
  {
    author: 'dave',
    caption: 'La recette complète de la tarte, comme promis @carol #cuisine #recette',
    scene: 'bokeh',
    palette: 'rose',
    aspect: 'portrait',
    altText: 'Pink background with soft white and rose circles',
    externalLink: 'https://fr.wikipedia.org/wiki/Tarte_Tatin',
    stage: ['FR'],
    likedBy: ['carol'],
  },
  {
    author: 'dave',
    caption: 'Carnet de voyage : les Calanques. #voyage',
    scene: 'sea',
    palette: 'ocean',
    aspect: 'landscape',
    altText: 'Blue sea with a warm sun low over the water',
    stage: ['FR', 'ES'],
    likedBy: ['erin', 'frank'],
  },
  {
    author: 'erin',
    caption: 'Amanecer en la Sierra de Guadarrama. #montañas #Madrid',
    scene: 'mountains',
    palette: 'meadow',
    aspect: 'landscape',
    altText: 'Green mountain ridges under a bright blue and lime sky',
    stage: ['ES'],
    likedBy: ['alice', 'grace', 'dave'],
  },
  {
    author: 'erin',
    caption: 'Ensayo con la banda esta noche, gracias @alice por venir 🎶 #música',
    scene: 'waves',
    palette: 'dusk',
    aspect: 'square',
    altText: 'Purple and pink wavy bands like sound waves',
    stage: ['ES'],
    likedBy: ['alice'],
  },
  {
    author: 'erin',
    caption: 'Nueva canción, escúchala aquí. #música #indie',
    scene: 'bokeh',
    palette: 'dusk',
    aspect: 'portrait',
    altText: 'Violet background with glowing peach circles',
    externalLink: 'https://en.wikipedia.org/wiki/Indie_music',
  },
  {
    author: 'frank',
    caption: 'Le linee del Lingotto al tramonto. #architettura #Torino',
    scene: 'city',
    palette: 'desert',
    aspect: 'landscape',
    altText: 'Orange sunset over a skyline of tall rectangular buildings',
    stage: ['IT'],
    likedBy: ['carol', 'dave', 'grace'],
  },
  {
    author: 'frank',
    caption: 'Il caffè perfetto esiste. #caffè #Torino',
    scene: 'bokeh',
    palette: 'ocean',
    aspect: 'square',
    altText: 'Blue background with soft warm circles of light',
    stage: ['IT'],
    likedBy: ['carol'],
  },
  {
    author: 'frank',
    caption: 'Cupole e colline, vista da Superga. @carol dovresti venire! #architettura #Italia',
    scene: 'hills',
    palette: 'rose',
    aspect: 'portrait',
    altText: 'Pink hills with small trees and a pale sun',
    stage: ['IT', 'DE'],
    likedBy: ['carol', 'alice'],
  },
  {
    author: 'grace',
    caption: 'Hawa Mahal at dusk, the pink city glowing. #Jaipur #जयपुर #colours',
    scene: 'city',
    palette: 'rose',
    aspect: 'portrait',
    altText: 'Pink dusk sky over a city skyline with warm lit windows',
    stage: ['IN', 'GB'],
    likedBy: ['alice', 'bob', 'erin', 'frank'],
    comments: [
      { by: 'frank', text: 'Che facciata! The light is perfect.' },
      { by: 'alice', text: 'Adding Jaipur to the list. @heidi we should go.' },
    ],
  },
  {
    author: 'grace',
    caption: 'Marigolds for the festival, shot for @alice who asked about the colours. #colours #festival',
    scene: 'bokeh',
    palette: 'desert',
    aspect: 'square',
    altText: 'Bright orange and yellow background with glowing circles',
    stage: ['IN'],
    likedBy: ['alice', 'erin'],
  },
  {
    author: 'grace',
    caption: 'Desert camp near Jaisalmer. #travel #Rajasthan',
    scene: 'hills',
    palette: 'desert',
    aspect: 'landscape',
    altText: 'Golden dunes drawn as rolling hills under an orange sky',
    externalLink: 'https://en.wikipedia.org/wiki/Jaisalmer',
    stage: ['IN'],
    likedBy: ['dave'],
  },
  {
    author: 'heidi',
    caption: 'Hello Civitas! Following @alice and @bob for the views and the bread. #hello',
    scene: 'waves',
    palette: 'mint',
    aspect: 'square',
    altText: 'Teal and blue wavy bands',
    likedBy: ['alice', 'bob'],
    comments: [
      { by: 'alice', text: 'Welcome, Heidi! 👋' },
      { by: 'bob', text: 'Welcome! Bread posts every Saturday.' },
    ],
  },
  {
    author: 'heidi',
    caption: 'My first sunset post. #GoldenHour',
    scene: 'sea',
    palette: 'dusk',
    aspect: 'landscape',
    altText: 'Purple sea under a pink sky with a golden sun on the horizon',
    stage: ['GB'],
    likedBy: ['bob'],
  },
];
