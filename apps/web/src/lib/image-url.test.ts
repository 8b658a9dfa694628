import { describe, expect, it } from 'vitest';
import { imageUrl, uploadPath } from './image-url.ts';

describe('image url helper', () => {
  it("keeps the part starting at 'uploads/'", () => {
    expect(uploadPath('/srv/data/uploads/avatars/a.webp')).toBe('uploads/avatars/a.webp');
    expect(uploadPath('plain.png')).toBe('plain.png');
  });

  it('prefixes relative paths with the base', () => {
    expect(imageUrl('uploads/avatars/a.webp')).toBe('/uploads/avatars/a.webp');
    expect(imageUrl('/uploads/avatars/a.webp')).toBe('/uploads/avatars/a.webp');
    expect(imageUrl('uploads/a.png', 'https://cdn.example.com')).toBe('https://cdn.example.com/uploads/a.png');
    expect(imageUrl('http://localhost:3000/uploads/a.png')).toBe('/uploads/a.png');
  });

  it('leaves https URLs alone and maps empty values to null', () => {
    expect(imageUrl('https://lh3.googleusercontent.com/a.jpg')).toBe('https://lh3.googleusercontent.com/a.jpg');
    expect(imageUrl(null)).toBeNull();
    expect(imageUrl('')).toBeNull();
  });
});
