/** Where uploaded bytes live. Local disk now; an S3-compatible store later, behind this type. */
export type FileStorage = {
  put(tenant: string, name: string, bytes: Buffer): Promise<void>;
  get(tenant: string, name: string): Promise<Buffer | undefined>;
  remove(tenant: string, name: string): Promise<void>;
};
