// Block Agent's personality and stage content are Jinja (formats/block-agent.md). They are rendered
// by an interpreter inside the QuickJS sandbox (./sandbox/templates.ts), never compiled to host
// code: an agent file's template is data. Settings follow what a prompt needs: no HTML escaping
// (a prompt is not a page), an undefined name prints nothing (Jinja's default Undefined), and a list
// or an object prints as JSON (where Python's Jinja prints its repr), which a model reads as well.
export { prepareTemplateSandbox, TemplateSandbox, isPlainText, type JinjaResult, type RenderTemplate, type RenderOptions } from './sandbox/templates';
