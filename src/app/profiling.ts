// Timing spans for the shells (ADRIFT_PROFILE): the app's door to the profile adapter, light
// enough for every command's path (no other module is loaded with it).
export { type ProfileSink, startSpan, withProfileSink } from "../adapters/profile.js";
