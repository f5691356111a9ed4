/** Where uploaded bytes live: the local disk (the default) or an S3-compatible bucket. */
export type FileStorage = {
  put(tenant: string, name: string, bytes: Buffer): Promise<void>;
  get(tenant: string, name: string): Promise<Buffer | undefined>;
  remove(tenant: string, name: string): Promise<void>;
  /** Object stores only: a short-lived URL of the store itself, for FILE_LINKS=store. */
  presignedUrl?(tenant: string, name: string, options: { seconds: number; mime: string; disposition: string }): Promise<string>;
  close?(): Promise<void>;
};

const SAFE_NAME = /^[a-z0-9]{32}$/;

/** `<tenant>/<name>` for a random storage name and a tenant id; anything else is refused. */
export function checkedKey(tenant: string, name: string): string {
  if (!SAFE_NAME.test(name) || !/^[a-z]+$/.test(tenant)) throw new Error('unsafe storage name');
  return `${tenant}/${name}`;
}
