/** What the synthesiser can play: noise textures, instrument voices, and the moods that shape them. */
export const textureLayers = ['rain', 'ocean', 'wind', 'fire', 'birds', 'stream', 'crickets', 'thunder', 'drone'] as const;
export const musicLayers = ['pad', 'strings', 'piano', 'bells', 'pluck', 'flute', 'organ', 'brass', 'bass', 'drums'] as const;
export type TextureLayer = (typeof textureLayers)[number];
export type MusicLayer = (typeof musicLayers)[number];
export type Layer = TextureLayer | MusicLayer;

export const moods = ['calm', 'happy', 'sad', 'dark', 'energetic', 'dreamy'] as const;
export type Mood = (typeof moods)[number];
