// The events feature as other features see it (the admin's screens, the Club tab): they import from here.
import './events.css';

export * from './api/events-api.ts';
