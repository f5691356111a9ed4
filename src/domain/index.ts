export * from './patterns';
export * from './enums';
export * from './messages';
export * from './auth.schema';
export * from './profile';
export * from './join-us.schema';
export * from './tenant-branding';
export * from './file-signature';
