import { Background, Controls, MiniMap, ReactFlow } from '@xyflow/react';
// Only React Flow's structural CSS: the look comes from Mantine (no CDN, no theme sheet).
import '@xyflow/react/dist/base.css';
import type { Flow } from '@meridian/contracts';
import { useFlowLayout } from './use-flow-layout';
import { type FlowCanvasActions, FlowCanvasContext, flowNodeTypes } from './flow-nodes';

export interface FlowCanvasProps {
  flow: Flow;
  actions: FlowCanvasActions;
}

const fitViewOptions = { maxZoom: 1, minZoom: 0.1, padding: 0.2 };
const minimapColor = (node: { type?: string }) =>
  node.type === 'action' ? 'var(--mantine-color-blue-3)' : 'var(--mantine-color-gray-3)';

/**
 * The graph: steps cannot be dragged or joined by hand; the view pans and zooms between 0.1 and 1.
 * Loaded with the Flow tab only, so React Flow stays out of every other page's bundle.
 */
export function FlowCanvas({ flow, actions }: FlowCanvasProps) {
  const layout = useFlowLayout(flow);
  return (
    <FlowCanvasContext.Provider value={actions}>
      <ReactFlow
        nodes={layout.nodes}
        edges={layout.edges}
        nodeTypes={flowNodeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        nodesFocusable={false}
        panOnScroll
        minZoom={0.1}
        maxZoom={1}
        fitView
        fitViewOptions={fitViewOptions}
        onlyRenderVisibleElements
        proOptions={{ hideAttribution: true }}
        aria-label="Campaign flow"
      >
        <Background gap={24} color="var(--mantine-color-gray-3)" />
        <Controls showInteractive={false} position="bottom-left" />
        <MiniMap
          pannable
          zoomable
          nodeColor={minimapColor}
          position="bottom-right"
          ariaLabel="Flow overview"
        />
      </ReactFlow>
    </FlowCanvasContext.Provider>
  );
}
