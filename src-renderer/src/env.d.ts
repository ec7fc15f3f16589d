// Ambient declarations for the renderer bundle (CSS side-effect imports handled by Vite).
declare module '*.css';
