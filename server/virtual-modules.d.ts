// The React Router server build, provided by its Vite plugin.
declare module "virtual:react-router/server-build";
