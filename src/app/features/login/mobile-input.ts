// Shared with the join-us and tracking screens; kept here for the login's existing imports.
export { toLocalMobile } from '../../components/mobile-input';
