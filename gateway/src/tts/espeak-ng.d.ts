/** Types of the part of the espeak-ng package (Emscripten build of the CLI) we use. */
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array };
  }
  interface ESpeakOptions {
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }
  export default function ESpeakNg(options: ESpeakOptions): Promise<ESpeakModule>;
}
