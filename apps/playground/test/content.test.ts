import { expect, it } from 'vitest';
import { resultBlocks } from '../src/web/content.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

it('an allowed image or audio block becomes a data: URL of its own type and data', () => {
  expect(
    resultBlocks([
      { type: 'image', mimeType: 'image/png', data: PNG },
      { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
    ]),
  ).toEqual([
    { type: 'image', mimeType: 'image/png', src: `data:image/png;base64,${PNG}` },
    { type: 'audio', mimeType: 'audio/wav', src: 'data:audio/wav;base64,UklGRg==' },
  ]);
});

it('other types, or data that is not base64, are not shown', () => {
  expect(
    resultBlocks([
      { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' },
      { type: 'image', mimeType: 'text/html', data: 'PGI+' },
      { type: 'image', mimeType: 'image/png', data: 'abc");background:url(x' },
      { type: 'audio', mimeType: 'image/png', data: PNG },
      { type: 'image', mimeType: 'image/png', data: '' },
    ]).map((block) => block.type),
  ).toEqual(['media_hidden', 'media_hidden', 'media_hidden', 'media_hidden', 'media_hidden']);
});

it('a resource link is clickable only for http and https', () => {
  expect(
    resultBlocks([
      { type: 'resource_link', uri: 'https://example.com/a b', name: 'a' },
      { type: 'resource_link', uri: 'javascript:alert(1)', name: 'x' },
      { type: 'resource_link', uri: 'file:///etc/passwd', name: 'passwd' },
      { type: 'resource_link', uri: 'not a url', name: 'n' },
    ]).map((block) => (block.type === 'link' ? block.href : block.type)),
  ).toEqual(['https://example.com/a%20b', null, null, null]);
});

it('text stays text; anything else, and content that is not a list, is JSON', () => {
  expect(resultBlocks([{ type: 'text', text: '<b>hi</b>' }])).toEqual([
    { type: 'text', text: '<b>hi</b>' },
  ]);
  const resource = { type: 'resource', resource: { uri: 'x:y', text: 'z' } };
  expect(resultBlocks([resource])).toEqual([
    { type: 'text', text: JSON.stringify(resource, null, 2) },
  ]);
  expect(resultBlocks(undefined)).toEqual([{ type: 'text', text: 'null' }]);
});
