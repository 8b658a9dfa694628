import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageSceneLine } from './image-scene-line.tsx';

const summary = {
  seed: 7,
  style: 'landscape',
  aspectRatio: '4:3',
  understood: ['red', 'snow', 'sunset'],
  palette: ['#d7263d'],
  scene: {
    subjects: [
      { phrase: 'fox', icon: 'fluent-emoji-flat:fox', count: 1, colour: 'red' },
      { phrase: 'rabbits', icon: 'fluent-emoji-flat:rabbit', count: 2 },
    ],
    setting: 'snow',
    timeOfDay: 'sunset',
    style: 'landscape',
  },
  notDrawn: ['lighthouse'],
  engine: 'Built-in procedural generator (offline)',
};

describe('ImageSceneLine', () => {
  it('says what the offline engine drew and what it has no picture for', () => {
    render(<ImageSceneLine summary={{ ...summary, drawn: ['red fox', '2 rabbits', 'snow', 'sunset'] }} />);
    expect(screen.getByText('Drew: red fox, 2 rabbits, snow, sunset.')).toBeInTheDocument();
    expect(screen.getByText('The offline engine has no picture for: lighthouse.')).toBeInTheDocument();
  });

  it('claims no setting for an older job, whose summary has no list of what was drawn', () => {
    render(<ImageSceneLine summary={summary} />);
    expect(screen.getByText('Drew red fox, 2 rabbits.')).toBeInTheDocument();
    expect(screen.queryByText(/snow scene/)).toBeNull();
  });

  it('says nothing for a hosted model’s summary, which has no scene', () => {
    const { container } = render(<ImageSceneLine summary={{ seed: 3, engine: 'fal fal-ai/flux/schnell' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
