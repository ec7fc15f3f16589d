// Ambient declarations for the renderer bundle (CSS side-effect imports handled by Vite).
declare module '*.css';
/** `import url from 'x?url'`: the built asset's URL (Vite). */
declare module '*?url' {
  const url: string;
  export default url;
}
