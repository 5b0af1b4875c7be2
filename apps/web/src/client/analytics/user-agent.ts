/** The device types of docs/product.md §3's analytics event; '' for everything that is not a phone of those kinds. */
export type DeviceType = 'android_phone' | 'i_phone' | '';

export interface UserAgentFacts {
  readonly browserName: string;
  readonly browserVersion: string;
  readonly os: string;
  readonly deviceType: DeviceType;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const browsers: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const systems: readonly [name: string, pattern: RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

/** What the analytics event says about the browser, read from its user agent string. */
export function describeUserAgent(userAgent: string): UserAgentFacts {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const system = systems.find(([, pattern]) => pattern.test(userAgent));
  const deviceType: DeviceType = /iPhone/.test(userAgent)
    ? 'i_phone'
    : /Android/.test(userAgent) && /Mobile/.test(userAgent)
      ? 'android_phone'
      : '';
  return {
    browserName: browser?.[0] ?? '',
    browserVersion: browser ? (userAgent.match(browser[1])?.[1] ?? '') : '',
    os: system?.[0] ?? '',
    deviceType,
  };
}
