/**
 * A short label of the phone a session signed in from ("Android · Chrome 156"), so a manager
 * marks the right one lost (issue 31 N4). Only the platform and the browser with its major
 * version: nothing personal, never the whole user agent.
 */
export const DEVICE_LABEL_MAX = 40;

/** What a stored label may hold: letters, digits, spaces, dots, hyphens and the middle dot. */
export const DEVICE_LABEL = /^[A-Za-z0-9 .·-]{1,40}$/;

/** The client hints of a Chromium browser (`navigator.userAgentData`), where there are any. */
export type DeviceHints = { platform?: string; brands?: readonly { brand: string; version: string }[] };

const PLATFORMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Most specific first: Edge, Opera and Samsung Internet also name Chrome; Chrome on iOS names Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/EdgA?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

/** The brand a Chromium browser names itself by, not its engine ("Chromium") or the GREASE brand ("Not A;Brand"). */
function brandOf(hints: DeviceHints | undefined): string | null {
  const brand = hints?.brands?.find((b) => !/Chromium|Not.?A.?Brand/i.test(b.brand));
  const version = brand?.version.match(/^\d+/)?.[0];
  return brand && version ? `${brand.brand.replace(/^Google /, '')} ${version}` : null;
}

/** The label of a user agent (with the client hints where the browser gives them), at most DEVICE_LABEL_MAX characters. */
export function deviceLabel(userAgent: string, hints?: DeviceHints): string {
  const platform = hints?.platform?.trim() || PLATFORMS.find(([pattern]) => pattern.test(userAgent))?.[1] || 'Unknown device';
  const named = BROWSERS.map(([pattern, name]) => [userAgent.match(pattern), name] as const).find(([match]) => match);
  const browser = brandOf(hints) ?? (named ? `${named[1]} ${named[0]![1]}` : 'browser');
  return `${platform} · ${browser}`.replace(/[^A-Za-z0-9 .·-]/g, '').slice(0, DEVICE_LABEL_MAX);
}

/** A device as a person tells it apart: its label and the last 6 characters of its id ("Android · Chrome 156 (…1E8CA3)"). */
export const deviceName = (label: string, code: string): string => `${label} (…${code})`;
