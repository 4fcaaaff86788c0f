/**
 * Building blocks shared by the RayCluster, RayJob and RayService model, such as {@link
 * dev.raykube.model.common.ExtensibleObject}, which keeps unknown JSON properties.
 */
package dev.raykube.model.common;
