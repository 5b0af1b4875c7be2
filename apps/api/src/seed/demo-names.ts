/** The demo world's citizens, by the names their usernames are (the seed's people, posts and sign-ins). */
export const demoNames = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'] as const;
export type DemoName = (typeof demoNames)[number];
