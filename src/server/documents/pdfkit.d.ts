// pdfkit ships no types: the little of it the Key Fact Statement's PDF uses (kfs-pdf.ts).
declare module 'pdfkit' {
  type TextOptions = { width?: number; align?: 'left' | 'right' | 'center'; continued?: boolean; lineBreak?: boolean };
  export default class PDFDocument {
    constructor(options?: { size?: string; margin?: number; info?: Record<string, string>; bufferPages?: boolean });
    y: number;
    page: { width: number; height: number; margins: { left: number; right: number; top: number; bottom: number } };
    font(name: string): this;
    fontSize(size: number): this;
    text(text: string, options?: TextOptions): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    moveDown(lines?: number): this;
    addPage(): this;
    fillColor(color: string): this;
    heightOfString(text: string, options?: TextOptions): number;
    registerFont(name: string, src: string | Buffer): this;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    end(): void;
  }
}
