export function recursiveXObjects(): Buffer;
export function decompressionBomb(gigabytes?: number): Buffer;
export function deeplyNested(depth?: number): Buffer;
export function manyPages(pages?: number): Buffer;
export function brokenXref(): Buffer;
export function hugePng(width?: number, height?: number): Buffer;
export function hugeJpeg(width?: number, height?: number): Buffer;
/** Every hostile PDF of the corpus, by file name. */
export function hostilePdfs(): Record<string, Buffer>;
/** The hostile images, by file name. */
export function hostileImages(): Record<string, Buffer>;
